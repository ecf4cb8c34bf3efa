/**
 * Crowd-BT (Chen, Bennett, Collins-Thompson, Horvitz, WSDM 2013), the model Gavel uses: each item a Gaussian
 * belief N(μ, σ²) over its Bradley–Terry score, each judge a Beta(α, β) belief over the chance η that they
 * vote as they truly see it (with 1 − η they vote the other way). One vote moves the two items and the judge
 * once, in O(1), by the paper's online moment matching (its equations 7–13). Pure functions: the server's vote
 * and `npm run bench:pairwise` call the same ones.
 */

/** Priors (as in the paper's experiments and Gavel): items N(0, 1); judges Beta(10, 1), reliable until shown not. */
export const MU_PRIOR = 0;
export const SIGMA_SQ_PRIOR = 1;
export const ALPHA_PRIOR = 10;
export const BETA_PRIOR = 1;
/** A variance never shrinks below this share of itself in one vote, so that a surprising vote cannot zero it. */
export const KAPPA = 1e-4;
/** Weight of what a pair teaches about the judge, against what it teaches about the items (information gain). */
export const GAMMA = 0.1;

export interface ItemBelief {
  mu: number;
  sigmaSq: number;
}
export interface JudgeBelief {
  alpha: number;
  beta: number;
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * P(winner beats loser) under each reading of the judge. `honest` is the Bradley–Terry chance e^μw / (e^μw + e^μl);
 * `judged` mixes it with the judge's Beta mean, as α e^μw / (α e^μw + β e^μl). Written on the difference of the
 * scores so that large μ cannot overflow.
 */
function chances(judge: JudgeBelief, winner: ItemBelief, loser: ItemBelief) {
  const d = winner.mu - loser.mu;
  const honest = logistic(d);
  const judged = logistic(d + Math.log(judge.alpha / judge.beta));
  return { honest, judged };
}

/** Equations for the means: each moves by its variance times (judged − honest) chance of what was seen. */
function updatedMeans(judge: JudgeBelief, winner: ItemBelief, loser: ItemBelief) {
  const { honest, judged } = chances(judge, winner, loser);
  const step = judged - honest;
  return { winner: winner.mu + winner.sigmaSq * step, loser: loser.mu - loser.sigmaSq * step };
}

/** Equations for the variances: the second derivative of the same log-likelihood, floored by KAPPA. */
function updatedVariances(judge: JudgeBelief, winner: ItemBelief, loser: ItemBelief) {
  const { honest, judged } = chances(judge, winner, loser);
  const curvature = judged * (1 - judged) - honest * (1 - honest);
  return {
    winner: winner.sigmaSq * Math.max(1 + winner.sigmaSq * curvature, KAPPA),
    loser: loser.sigmaSq * Math.max(1 + loser.sigmaSq * curvature, KAPPA),
  };
}

/**
 * The judge's Beta after the vote, by matching the first two moments of η's posterior; `agree` is the
 * probability (before the vote) that a judge of this belief votes this way, used by information gain.
 */
function updatedJudge(judge: JudgeBelief, winner: ItemBelief, loser: ItemBelief) {
  const { alpha, beta } = judge;
  const p = logistic(winner.mu - loser.mu);
  // E[P(winner above loser)] over both Gaussians, to second order in their variances.
  const c1 = Math.min(1, Math.max(0, p + 0.5 * (winner.sigmaSq + loser.sigmaSq) * p * (1 - p) * (1 - 2 * p)));
  const c2 = 1 - c1;
  const s = alpha + beta;
  const agree = (c1 * alpha + c2 * beta) / s;
  const first = (c1 * (alpha + 1) * alpha + c2 * alpha * beta) / (agree * (s + 1) * s);
  const second =
    (c1 * (alpha + 2) * (alpha + 1) * alpha + c2 * (alpha + 1) * alpha * beta) /
    (agree * (s + 2) * (s + 1) * s);
  const variance = second - first * first;
  // A degenerate posterior (variance 0 by rounding) keeps the belief it had rather than dividing by zero.
  if (!(variance > 0)) return { judge, agree };
  const common = (first - second) / variance;
  return { judge: { alpha: common * first, beta: common * (1 - first) }, agree };
}

export interface VoteOutcome {
  judge: JudgeBelief;
  winner: ItemBelief;
  loser: ItemBelief;
}

/** One vote: `judge` preferred `winner` to `loser`. */
export function applyVote(judge: JudgeBelief, winner: ItemBelief, loser: ItemBelief): VoteOutcome {
  const means = updatedMeans(judge, winner, loser);
  const variances = updatedVariances(judge, winner, loser);
  return {
    judge: updatedJudge(judge, winner, loser).judge,
    winner: { mu: means.winner, sigmaSq: variances.winner },
    loser: { mu: means.loser, sigmaSq: variances.loser },
  };
}

/** The judge's expected reliability, α / (α + β), as the report shows it. */
export const reliability = (judge: JudgeBelief) => judge.alpha / (judge.alpha + judge.beta);

/** KL(N(μ1, σ1²) ‖ N(μ2, σ2²)). */
export function gaussianDivergence(a: ItemBelief, b: ItemBelief): number {
  const ratio = a.sigmaSq / b.sigmaSq;
  return (a.mu - b.mu) ** 2 / (2 * b.sigmaSq) + (ratio - 1 - Math.log(ratio)) / 2;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7), enough for divergences between Beta beliefs. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const z = x - 1;
  let sum = g[0] as number;
  for (let i = 1; i < 9; i++) sum += (g[i] as number) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** ψ(x) for x > 0: shift up by the recurrence, then the asymptotic series. */
export function digamma(x: number): number {
  let result = 0;
  let y = x;
  while (y < 6) {
    result -= 1 / y;
    y += 1;
  }
  const f = 1 / (y * y);
  return (
    result + Math.log(y) - 0.5 / y - f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f / 132))))
  );
}

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** KL(Beta(α1, β1) ‖ Beta(α2, β2)). */
export function betaDivergence(a: JudgeBelief, b: JudgeBelief): number {
  return (
    logBeta(b.alpha, b.beta) -
    logBeta(a.alpha, a.beta) +
    (a.alpha - b.alpha) * digamma(a.alpha) +
    (a.beta - b.beta) * digamma(a.beta) +
    (b.alpha - a.alpha + b.beta - a.beta) * digamma(a.alpha + a.beta)
  );
}

/** What the pair (a, b) is expected to teach, over both outcomes weighted by their chance (Gavel's criterion). */
export function expectedInformationGain(judge: JudgeBelief, a: ItemBelief, b: ItemBelief): number {
  const gain = (winner: ItemBelief, loser: ItemBelief) => {
    const after = applyVote(judge, winner, loser);
    return (
      gaussianDivergence(after.winner, winner) +
      gaussianDivergence(after.loser, loser) +
      GAMMA * betaDivergence(after.judge, judge)
    );
  };
  const aAbove = updatedJudge(judge, a, b).agree;
  return aAbove * gain(a, b) + (1 - aAbove) * gain(b, a);
}
