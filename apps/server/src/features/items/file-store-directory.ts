import { createWriteStream, existsSync } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileDriver } from './file-driver.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files in one local directory, named by their keys. A file is written under a temporary name and
 * renamed once complete, so that no reader (nor the move to a bucket) sees half of one.
 */
export function createDirectoryDriver(directory: string): FileDriver {
  const pathOf = (key: string) => path.join(directory, key);

  return {
    location: directory,
    async put(key, body) {
      await mkdir(directory, { recursive: true });
      const partial = `${pathOf(key)}.partial`;
      try {
        await pipeline(body, createWriteStream(partial));
        await rename(partial, pathOf(key));
      } finally {
        await rm(partial, { force: true });
      }
    },
    async get(key) {
      // Opened first, then measured: a file removed in between cannot turn into a 500.
      const handle = await open(pathOf(key), 'r').catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size: info.size };
    },
    async sizeOf(key) {
      const info = await stat(pathOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      return info?.isFile() ? info.size : null;
    },
    async remove(keys) {
      await Promise.all(keys.flatMap((key) => (key ? [rm(pathOf(key), { force: true })] : [])));
    },
    async check() {
      await mkdir(directory, { recursive: true });
      await access(directory, constants.W_OK);
    },
  };
}

/** The names in the directory, sorted: what backups archive and the move to a bucket moves. */
export async function listDirectory(directory: string, isKey: (name: string) => boolean) {
  if (!existsSync(directory)) return [];
  return (await readdir(directory, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && isKey(entry.name))
    .map((entry) => entry.name)
    .sort();
}
