// The server's start: the time from spawning it to its first 200 on /readyz, the CPU it used and its memory
// (RSS of the process and its children) then, run through tsx from the sources or by node from the build (`npm start`,
// issue 55 point 7). Each on a copy of one migrated DATA_DIR (a restart, not a first start), alternately.
// Run: `npm run bench:start` (it builds the server first; RUNS=2 by default).
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/support/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.RUNS ?? 2);
const ways = {
  tsx: [path.join(root, 'node_modules/.bin/tsx'), path.join(root, 'apps/server/src/server.ts')],
  built: [process.execPath, path.join(root, 'apps/server/dist/server.js')],
} as const;

/** Resident memory of a process and its descendants (tsx runs the server in a child node), in MB. */
function treeRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return kb / 1024 + children.reduce((sum, child) => sum + treeRss(child), 0);
}

/** CPU seconds (user and system) of a process and its descendants so far (clock ticks of 1/100 s). */
function treeCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const own = (Number(fields[11]) + Number(fields[12])) / 100;
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return own + children.reduce((sum, child) => sum + treeCpu(child), 0);
}

async function start(way: keyof typeof ways, dataDir: string) {
  const port = await freePort();
  const [command, script] = ways[way];
  const began = performance.now();
  const child: ChildProcess = spawn(command, [script], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: 'admin@shortlist.test',
      ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${way} exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = performance.now() - began;
  const rssMb = treeRss(child.pid as number);
  const cpuSeconds = treeCpu(child.pid as number);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return { readyMs, rssMb, cpuSeconds };
}

const migrated = mkdtempSync(path.join(tmpdir(), 'shortlist-start-'));
await start('built', migrated);
for (let run = 1; run <= runs; run++) {
  for (const way of Object.keys(ways) as (keyof typeof ways)[]) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shortlist-start-'));
    cpSync(migrated, dataDir, { recursive: true });
    const { readyMs, rssMb, cpuSeconds } = await start(way, dataDir);
    console.log(
      `${way.padEnd(5)} run ${run}: /readyz after ${Math.round(readyMs)} ms, CPU ${cpuSeconds.toFixed(1)} s, RSS ${rssMb.toFixed(0)} MB`,
    );
    rmSync(dataDir, { recursive: true, force: true });
  }
}
rmSync(migrated, { recursive: true, force: true });
