import { parentPort, type TransferListItem } from 'node:worker_threads';

/**
 * The worker's side of `offThread`: each message's input through `compute` (awaited when it answers a
 * promise: messages that come meanwhile are taken in turn), the output's buffers named by `transferOf`
 * handed back rather than copied. A worker file imports only this and modules without the server's state,
 * so that Node loads it under tsx, vitest or its own type stripping alike.
 */
export function serve<In, Out>(
  compute: (input: In) => Out | Promise<Out>,
  transferOf: (output: Out) => TransferListItem[] = () => [],
) {
  parentPort?.on('message', async ({ id, input }: { id: number; input: In }) => {
    try {
      const output = await compute(input);
      parentPort?.postMessage({ id, output }, transferOf(output));
    } catch (error) {
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
