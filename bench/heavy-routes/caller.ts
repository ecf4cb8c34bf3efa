// bench:heavy's clients, in a process of their own (`startCaller`): the heavy route called again and again,
// and the `/healthz` probe beside it. In the app's process, the client's own work (parsing a 1,000-item
// report, the probe's timers and sockets) ran on the event loop it measured (decision 233).
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { withHealthProbe } from '../health-probe.ts';
import { benchClient } from '../report-scale/client.ts';

export interface CallerOptions {
  base: string;
  token: string;
  teamId: number;
  issueId: number;
  /** How long each window lasts. */
  windowMs: number;
}

/** One window: the route called back to back (or nothing) with the probe beside it. */
export interface WindowRun {
  /** The median call's, or the window's length for nothing. */
  ms: number;
  calls?: number;
  p99HealthMs: number;
  worstHealthMs: number;
  probes: number;
}

export type CallerRequest = { kind: 'warm' } | { kind: 'window'; route: string };

function routesOf({ base, token, teamId, issueId }: CallerOptions): Record<string, () => Promise<unknown>> {
  const client = benchClient(base, token);
  return {
    report_summary: () => client.json(`/issues/${issueId}/report_summary/`),
    agreement: () => client.json(`/issues/${issueId}/agreement/`),
    'top-k': () => client.json(`/issues/${issueId}/top-k/?k=10`),
    export_excel: () => client.download(`/issues/${issueId}/export_excel/`, os.devNull),
    items_export: () => client.download(`/datasets/export_excel/?team=${teamId}`, os.devNull),
  };
}

export const HEAVY_ROUTES = ['report_summary', 'agreement', 'top-k', 'export_excel', 'items_export'];

async function runWindow(options: CallerOptions, route: string): Promise<WindowRun> {
  const call = routesOf(options)[route];
  if (!call) {
    const idle = await withHealthProbe(
      options.base,
      () => new Promise((r) => setTimeout(r, options.windowMs)),
    );
    return { ms: options.windowMs, ...idle };
  }
  // Called again and again for the whole window: once, a route of 50 ms met 0–1 probes, and its "p99"
  // was one sample's.
  const probe = await withHealthProbe(options.base, async () => {
    const times: number[] = [];
    for (const started = performance.now(); performance.now() - started < options.windowMs; ) {
      const callStarted = performance.now();
      await call();
      times.push(performance.now() - callStarted);
    }
    return times.sort((a, b) => a - b);
  });
  const times = probe.result;
  const { result: _, workMs: __, ...health } = probe;
  return { ms: times[Math.floor(times.length / 2)] ?? 0, calls: times.length, ...health };
}

/** Starts the callers' process; `ask` runs one request there and answers its reply. */
export function startCaller(options: CallerOptions) {
  const child = fork(fileURLToPath(import.meta.url), [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
  });
  let pending: { resolve: (reply: unknown) => void; reject: (error: Error) => void } | undefined;
  child.on('message', (reply) => pending?.resolve(reply));
  child.on('exit', (code) => pending?.reject(new Error(`the callers' process exited with ${code}`)));
  const ask = <T>(request: CallerRequest) =>
    new Promise<T>((resolve, reject) => {
      pending = { resolve: (reply) => resolve(reply as T), reject };
      child.send(request);
    });
  return { ask, stop: () => child.kill() };
}

// In the child: answers each request of the parent.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  const options = JSON.parse(process.argv[2] ?? '{}') as CallerOptions;
  process.on('message', async (request: CallerRequest) => {
    if (request.kind === 'warm') {
      for (const call of Object.values(routesOf(options))) await call();
      process.send?.({ ok: true });
    } else {
      process.send?.(await runWindow(options, request.route));
    }
  });
}
