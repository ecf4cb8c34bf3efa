import { createWriteStream, existsSync } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileDriver } from './file-driver.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const PARTIAL = '.partial';
/** Below this the disk is full for our purposes: an upload of a few MB would fail half-way. */
export const MIN_FREE_BYTES = 16 * 1024 * 1024;

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
      const partial = `${pathOf(key)}${PARTIAL}`;
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
      const disk = await statfs(directory);
      const free = disk.bavail * disk.bsize;
      if (free < MIN_FREE_BYTES) throw new Error(`no space left: ${Math.floor(free / 1024)} KiB free`);
    },
    async removeLeftovers(before) {
      if (!existsSync(directory)) return 0;
      const names = (await readdir(directory)).filter((name) => name.endsWith(PARTIAL));
      let removed = 0;
      for (const name of names) {
        const info = await stat(path.join(directory, name)).catch(() => null);
        // A partial file still being written (this process or another one on the same volume) is younger.
        if (!info || info.mtime >= before) continue;
        await rm(path.join(directory, name), { force: true });
        removed += 1;
      }
      return removed;
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
