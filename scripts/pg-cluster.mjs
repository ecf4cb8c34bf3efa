#!/usr/bin/env node
// A throwaway PostgreSQL cluster from the machine's server binaries, for tests and benchmarks.
//   node scripts/pg-cluster.mjs start   prints the URL and the folder (stop with `stop <folder>`)
//   node scripts/pg-cluster.mjs stop DIR
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** initdb refuses to run as root: then the cluster belongs to the `postgres` account. */
function runAs(command, args) {
  if (userInfo().uid !== 0) return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startCluster() {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlist-pg-'));
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = path.join(dir, 'data');
  runAs('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  runAs('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir };
}

export function stopCluster(dir) {
  try {
    runAs('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, dir] = process.argv.slice(2);
  if (command === 'start') {
    const cluster = await startCluster();
    console.log(`${cluster.url} ${cluster.dir}`);
  } else if (command === 'stop' && dir) {
    stopCluster(dir);
  } else {
    console.error('usage: pg-cluster.mjs start | stop DIR');
    process.exit(2);
  }
}
