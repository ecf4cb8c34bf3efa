import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

let dataDir: string;
let lockFile: string;
let child: ChildProcess | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shortlist-lock-'));
  lockFile = path.join(dataDir, 'shortlist.lock');
});
afterEach(() => {
  child?.kill();
  child = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Another Node process that stays alive, standing in for a second Shortlist server. */
function startOtherProcess(): ChildProcess {
  child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], { stdio: 'ignore' });
  return child;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const other = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => other.once('exit', resolve));
  return other.pid ?? 0;
}

describe('lockDataDir', () => {
  it('writes our pid and removes the file on release', () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('creates a missing data directory', () => {
    const nested = path.join(dataDir, 'not', 'yet');
    const release = lockDataDir(nested);
    expect(existsSync(path.join(nested, 'shortlist.lock'))).toBe(true);
    release();
  });

  it('refuses the directory, naming DATA_DIR, while another live process holds it', () => {
    const other = startOtherProcess();
    writeFileSync(lockFile, String(other.pid));
    expect(() => lockDataDir(dataDir)).toThrow(
      /^DATA_DIR .* is in use by another Shortlist process \(pid \d+\)/,
    );
    expect(readFileSync(lockFile, 'utf8')).toBe(String(other.pid));
  });

  it('takes over a lock left by a process that died', async () => {
    writeFileSync(lockFile, String(await deadPid()));
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a lock file that holds no pid', () => {
    writeFileSync(lockFile, '');
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
  });
});
