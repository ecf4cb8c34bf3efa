import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two processes on one data directory would corrupt it.
 * A lock file holding our pid makes the second process refuse to start.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'shortlist.lock');
  try {
    writeLock(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (isAlive(owner)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by another Shortlist process (pid ${owner}); stop it first.`,
      );
    }
    rmSync(file, { force: true }); // left by a process that died
    writeLock(file);
  }
  return () => rmSync(file, { force: true });
}

function writeLock(file: string) {
  const fd = openSync(file, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
