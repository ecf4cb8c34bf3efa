import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import { CommandError } from './commands.ts';

/**
 * Embedded engine: a gzipped tarball of the data directory, which `restore` loads into an empty
 * DATA_DIR. PostgreSQL: pg_dump's custom format, which pg_restore reads.
 */
export async function backup(config: Config, out: string): Promise<string[]> {
  if (config.databaseUrl) {
    await pgDump(config.databaseUrl, out);
    return [`Wrote ${out} (pg_dump custom format; restore with pg_restore -d <url> ${out}).`];
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ dataDir: config.dataDir });
    const dump = await database.pglite?.dumpDataDir('gzip');
    await database.close();
    if (!dump) throw new CommandError('The embedded database gave no dump.');
    writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
    return [`Wrote ${out} (${dump.size} bytes); restore with: npm run admin -- restore ${out}`];
  } finally {
    unlock();
  }
}

export async function restore(config: Config, file: string): Promise<string[]> {
  if (config.databaseUrl) throw new CommandError('On PostgreSQL, restore with pg_restore.');
  if (!existsSync(file)) throw new CommandError(`No file ${file}.`);
  const pgdata = path.join(config.dataDir, 'pgdata');
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
    throw new CommandError(`${pgdata} is not empty: restore into a new DATA_DIR.`);
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({
      dataDir: config.dataDir,
      loadDataDir: new Blob([readFileSync(file)]),
    });
    await database.close();
    return [`Restored ${file} into ${config.dataDir}.`];
  } finally {
    unlock();
  }
}

function pgDump(url: string, out: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn('pg_dump', ['--format=custom', url], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.pipe(createWriteStream(out));
    child.on('error', (error) => reject(new CommandError(`pg_dump could not run: ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new CommandError(`pg_dump exited with ${code}`)),
    );
  });
}
