// The worker thread of α's bootstrap interval: 1,000 draws of the items, one input a message.
import { serve } from '../../threads/serve.ts';
import { type AlphaMetric, type AlphaUnit, alphaInterval } from './krippendorff.ts';

serve(
  ({
    units,
    metric,
    draws,
    seed,
  }: {
    units: AlphaUnit[];
    metric: AlphaMetric;
    draws: number;
    seed: number;
  }) => alphaInterval(units, metric, { draws, seed }),
);
