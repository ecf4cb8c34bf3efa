import { type TransferListItem, Worker } from 'node:worker_threads';

interface Pending<Out> {
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

type Reply<Out> = { id: number; output: Out } | { id: number; error: string };

/**
 * A CPU-heavy pure function, run on a worker thread so that the event loop keeps answering `/healthz` and
 * every other request while it computes (issue 57). `sourceFile` calls `serve` with the function. One worker
 * a function, started by its first call and kept, unref'd while idle so that no process waits on it; calls
 * queue on it: on 2 cores a pool of several would take the requests' core. A worker that fails or exits
 * fails what it was asked, and the next call starts another.
 */
export function offThread<In, Out>(sourceFile: URL) {
  // Built to dist/ (`npm start`), the worker is the `.js` beside its caller; under tsx and vitest, the `.ts`.
  const workerFile = import.meta.url.endsWith('.js')
    ? new URL(sourceFile.href.replace(/\.ts$/, '.js'))
    : sourceFile;
  const name = workerFile.pathname.split('/').pop();
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending<Out>>();

  function theWorker() {
    if (worker) return worker;
    const started = new Worker(workerFile);
    started.on('message', (reply: Reply<Out>) => {
      const job = pending.get(reply.id);
      pending.delete(reply.id);
      if ('error' in reply) job?.reject(new Error(`${name}: ${reply.error}`));
      else job?.resolve(reply.output);
      if (pending.size === 0) started.unref();
    });
    const abandon = (error: unknown) => {
      if (worker === started) worker = undefined;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    };
    started.on('error', abandon);
    // Never a reply's text: the route answers a 500 of its own.
    started.on('exit', (code) => abandon(new Error(`${name} exited (${code})`)));
    worker = started;
    return started;
  }

  /** `transfer`: the input's buffers handed over rather than copied (the caller must not use them after). */
  return (input: In, transfer: TransferListItem[] = []) => {
    const thread = theWorker();
    const id = nextId++;
    return new Promise<Out>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage({ id, input }, transfer);
    });
  };
}
