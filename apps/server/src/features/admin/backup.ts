import { spawn } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import type { FileDriver } from '../items/file-driver.ts';
import { createFileDriver, filesDirectory, isFileKey } from '../items/file-store.ts';
import { listDirectory } from '../items/file-store-directory.ts';
import { CommandError } from './commands.ts';
import { readTar, type TarEntry, TarError, writeTar } from './tar.ts';

/** The archive's first entry: the embedded engine's dump, which also tells a backup from an older one. */
const DATABASE_ENTRY = 'database.tar';
const JWT_SECRET_ENTRY = 'jwt-secret';
const FILES_PREFIX = 'files/';

const uploadedFiles = (count: number) => `${count} uploaded ${count === 1 ? 'file' : 'files'}`;

/** What to say of the uploaded files of a backup that does not hold them. */
const filesElsewhere = (config: Config) =>
  config.s3
    ? `Uploaded files are not in it: they are in the bucket s3://${config.s3.bucket}, back it up as well (docs/operations.md).`
    : `Uploaded files are not in it: copy ${filesDirectory(config.dataDir)} as well (docs/operations.md).`;

/**
 * Embedded engine: one gzipped tar of the database dump, the generated JWT secret and every
 * uploaded file of DATA_DIR/files, which `restore` loads into a new DATA_DIR. The files are
 * streamed; only the database dump, which the engine makes and loads as one block, is held in
 * memory. Files in an S3 bucket stay out: the bucket is backed up on its side.
 * PostgreSQL: pg_dump's custom format, which pg_restore reads (files: docs/operations.md).
 */
export async function backup(config: Config, out: string): Promise<string[]> {
  if (config.databaseUrl) {
    await pgDump(config.databaseUrl, out);
    return [
      `Wrote ${out} (pg_dump custom format; restore with pg_restore -d <url> ${out}).`,
      filesElsewhere(config),
    ];
  }
  const unlock = lockDataDir(config.dataDir);
  const partial = `${out}.partial`;
  try {
    const database = await openDatabase({ dataDir: config.dataDir });
    const dump = await database.pglite?.dumpDataDir('none');
    await database.close();
    if (!dump) throw new CommandError('The embedded database gave no dump.');
    const dumpBytes = new Uint8Array(await dump.arrayBuffer());
    const files = config.s3 ? [] : await listStoredFiles(config.dataDir);
    const entries: TarEntry[] = [
      { name: DATABASE_ENTRY, size: dumpBytes.length, open: () => [dumpBytes] },
      ...jwtSecretEntry(config.dataDir),
      ...files,
    ];
    await pipeline(writeTar(entries), createGzip(), createWriteStream(partial));
    await rename(partial, out);
    const fileBytes = files.reduce((sum, file) => sum + file.size, 0);
    const restoreWith = `Restore with: DATA_DIR=/new/place npm run admin -- restore ${out}`;
    if (config.s3) {
      return [
        `Wrote ${out} (${statSync(out).size} bytes): the database.`,
        filesElsewhere(config),
        restoreWith,
      ];
    }
    return [
      `Wrote ${out} (${statSync(out).size} bytes): the database and ${uploadedFiles(files.length)} (${fileBytes} bytes).`,
      restoreWith,
    ];
  } finally {
    await rm(partial, { force: true });
    unlock();
  }
}

function jwtSecretEntry(dataDir: string): TarEntry[] {
  const file = path.join(dataDir, JWT_SECRET_ENTRY);
  if (!existsSync(file)) return [];
  const bytes = readFileSync(file);
  return [{ name: JWT_SECRET_ENTRY, size: bytes.length, open: () => [bytes] }];
}

async function listStoredFiles(dataDir: string): Promise<TarEntry[]> {
  const directory = filesDirectory(dataDir);
  const names = await listDirectory(directory, isFileKey);
  return Promise.all(
    names.map(async (name) => {
      const filePath = path.join(directory, name);
      const { size } = await stat(filePath);
      return { name: `${FILES_PREFIX}${name}`, size, open: () => createReadStream(filePath) };
    }),
  );
}

/** What of a DATA_DIR a restore would overwrite: it must go into a new one. */
function findOccupied(dataDir: string): string[] {
  const isNonEmptyDirectory = (directory: string) =>
    existsSync(directory) && readdirSync(directory).length > 0;
  return [
    ...(isNonEmptyDirectory(path.join(dataDir, 'pgdata')) ? [path.join(dataDir, 'pgdata')] : []),
    ...(isNonEmptyDirectory(filesDirectory(dataDir)) ? [filesDirectory(dataDir)] : []),
    ...(existsSync(path.join(dataDir, JWT_SECRET_ENTRY)) ? [path.join(dataDir, JWT_SECRET_ENTRY)] : []),
  ];
}

export async function restore(config: Config, file: string): Promise<string[]> {
  if (config.databaseUrl) throw new CommandError('On PostgreSQL, restore with pg_restore.');
  if (!existsSync(file)) throw new CommandError(`No file ${file}.`);
  const occupied = findOccupied(config.dataDir);
  if (occupied.length > 0) {
    throw new CommandError(`${occupied.join(', ')} is not empty: restore into a new DATA_DIR.`);
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const unpacked = await unpack(file, config.dataDir, createFileDriver(config));
    const dump = unpacked
      ? new Blob([Buffer.concat(unpacked.database)], { type: 'application/x-tar' })
      : null;
    // A backup made before the files were archived is the engine's own gzipped dump, nothing else.
    const database = await openDatabase({
      dataDir: config.dataDir,
      loadDataDir: dump ?? new Blob([readFileSync(file)]),
    });
    await database.close();
    return unpacked
      ? [`Restored ${file} into ${config.dataDir}: the database and ${uploadedFiles(unpacked.fileCount)}.`]
      : [
          `Restored ${file} into ${config.dataDir}: the database only.`,
          'This backup predates the archiving of uploaded files: copy the old DATA_DIR/files here if you still have it.',
        ];
  } finally {
    unlock();
  }
}

/**
 * Writes the JWT secret of a backup into the DATA_DIR, its files into the file storage (the
 * bucket when S3 is configured), and returns the database dump; null for an older backup, whose
 * first entry is not the dump.
 */
async function unpack(file: string, dataDir: string, files: FileDriver) {
  const database: Buffer[] = [];
  let fileCount = 0;
  let format: 'current' | 'older' | undefined;
  try {
    // Read to the end in any case: a pipeline stopped early fails with an abort.
    await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const entry of readTar(source)) {
        format ??= entry.name === DATABASE_ENTRY ? 'current' : 'older';
        if (format === 'older') continue;
        if (entry.name === DATABASE_ENTRY) {
          for await (const chunk of entry.body) database.push(chunk);
        } else if (entry.name === JWT_SECRET_ENTRY) {
          const chunks: Buffer[] = [];
          for await (const chunk of entry.body) chunks.push(chunk);
          await writeFile(path.join(dataDir, JWT_SECRET_ENTRY), Buffer.concat(chunks), { mode: 0o600 });
        } else {
          const key = entry.name.slice(FILES_PREFIX.length);
          if (!entry.name.startsWith(FILES_PREFIX) || !isFileKey(key)) {
            throw new CommandError(`Unexpected entry ${entry.name}: is this a Shortlist backup?`);
          }
          await files.put(key, Readable.from(entry.body), { size: entry.size });
          fileCount += 1;
        }
      }
    });
  } catch (error) {
    if (error instanceof CommandError) throw error;
    const isDamaged = error instanceof TarError || (error as NodeJS.ErrnoException).code?.startsWith('Z_');
    if (!isDamaged) throw error;
    throw new CommandError(
      `${file} is not a Shortlist backup, or it is damaged: ${(error as Error).message}`,
    );
  }
  if (!format) throw new CommandError(`${file} holds nothing to restore.`);
  return format === 'current' ? { database, fileCount } : null;
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
