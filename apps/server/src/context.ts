import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { TokenService } from './features/auth/tokens.ts';
import type { FileStore } from './features/items/file-store.ts';
import type { Mailer } from './features/mail/mailer.ts';
import type { Counters } from './http/counter-store.ts';
import type { Signer } from './http/signer.ts';

/** What every feature's routes and services are given: built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Where judges' answers are written (Database.answersDb): a pool sized to the machine's cores. */
  answersDb: Db;
  /** The embedded engine runs its statements on the thread that answers every request; PostgreSQL does not. */
  engine: Database['engine'];
  mailer: Mailer;
  tokens: TokenService;
  files: FileStore;
  signer: Signer;
  /** Rate limits and attempt counts: in PostgreSQL, shared by every process; in memory on PGlite. */
  counters: Counters;
}
