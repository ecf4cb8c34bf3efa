import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcessOptions {
  /** A DATA_DIR of the caller's, kept at stop (to restart a process on it); a temporary one otherwise. */
  dataDir?: string;
  /** The port to listen on (to restart a process where it was); a free one otherwise. */
  port?: number;
}

/**
 * How a process starts: the built bundle when `npm test` built it first (TEST_BUILT_SERVER; a start took
 * 4.5 CPU-s against 10–11 through tsx, decision 207), else the sources with tsx as a loader, not tsx's
 * launcher, which would put a second process in between: a signal reaches the server.
 */
const serverArgs = process.env.TEST_BUILT_SERVER
  ? [path.join(serverRoot, 'dist/server.js')]
  : ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')];

/**
 * A real server process (background jobs on) on a free port, for tests of what several processes
 * sharing one PostgreSQL do.
 * `stop` sends SIGTERM and waits for the exit; `kill` sends SIGKILL, as a crash would.
 */
export async function startServerProcess(env: Record<string, string>, options: ServerProcessOptions = {}) {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'shortlist-process-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, serverArgs, {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      JWT_SECRET: 'process-test-secret-process-test-secret',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not start within 60 s');
    }
    const reply = await fetch(`${url}/healthz`).catch(() => null);
    if (reply?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
  };
  return {
    url,
    port,
    dataDir,
    pid: child.pid ?? 0,
    /** User and system CPU time the process has used so far, in milliseconds (Linux's /proc). */
    cpuMs() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command's closing parenthesis.
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    },
    async stop() {
      await end('SIGTERM');
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    /** SIGKILL: no shutdown, no closing of the database, the lock file left behind. */
    async kill() {
      await end('SIGKILL');
    },
  };
}
