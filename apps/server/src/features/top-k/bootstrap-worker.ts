// The worker thread of the top k's bootstrap: 1,000 draws of a selection's judges, one input a message.
import { serve } from '../../threads/serve.ts';
import { bootstrapTopK } from './bootstrap.ts';

serve(bootstrapTopK, (shares) => [shares.buffer]);
