// The worker thread of `schulzeOffThread`: Schulze's strongest paths for one matrix a message.
import { serve } from '../../threads/serve.ts';
import { type SchulzeResult, schulze } from './schulze.ts';

serve(
  ({ m, d }: { m: number; d: Int32Array<ArrayBuffer> }) => schulze(m, d),
  ({ strongest, ranks }: SchulzeResult) => [strongest.buffer, ranks.buffer],
);
