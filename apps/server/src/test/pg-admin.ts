import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The address of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `run` on a connection of its own to `url` (creating and dropping databases), then closes it. */
export async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new database `<prefix>_<random>` on `serverUrl`, a copy of `template` when one is named. */
export async function createDatabase(serverUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const from = template ? ` template ${template}` : '';
  await withAdmin(serverUrl, (client) => client.query(`create database ${name}${from}`));
  return { name, url: databaseUrl(serverUrl, name) };
}

export function dropDatabase(serverUrl: string, name: string) {
  return withAdmin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}
