import { describe, expect, it } from 'vitest';
import {
  ALPHA_PRIOR,
  applyVote,
  BETA_PRIOR,
  betaDivergence,
  digamma,
  expectedInformationGain,
  gaussianDivergence,
  logGamma,
  reliability,
} from './crowd-bt.ts';

const prior = { mu: 0, sigmaSq: 1 };
const judge = { alpha: ALPHA_PRIOR, beta: BETA_PRIOR };

describe('Crowd-BT update', () => {
  it('moves the winner up and the loser down by the same step times their variances (worked by hand)', () => {
    // Equal items: honest chance 1/2, judged chance 10/11, step 10/11 − 1/2 = 9/22.
    const after = applyVote(judge, prior, prior);
    expect(after.winner.mu).toBeCloseTo(9 / 22, 12);
    expect(after.loser.mu).toBeCloseTo(-9 / 22, 12);
    // Curvature (10/11)(1/11) − 1/4 = 10/121 − 1/4; σ² = 1 + that.
    expect(after.winner.sigmaSq).toBeCloseTo(1 + 10 / 121 - 1 / 4, 12);
    expect(after.loser.sigmaSq).toBeCloseTo(1 + 10 / 121 - 1 / 4, 12);
  });

  it('scales each item’s step by its own variance', () => {
    const after = applyVote(judge, { mu: 0, sigmaSq: 0.25 }, prior);
    expect(after.winner.mu).toBeCloseTo((0.25 * 9) / 22, 12);
    expect(after.loser.mu).toBeCloseTo(-9 / 22, 12);
  });

  it('learns nothing about the items from a judge believed to vote at random', () => {
    const after = applyVote({ alpha: 5, beta: 5 }, { mu: 1, sigmaSq: 1 }, { mu: -1, sigmaSq: 1 });
    expect(after.winner.mu).toBeCloseTo(1, 12);
    expect(after.loser.mu).toBeCloseTo(-1, 12);
  });

  it('trusts a judge less after a surprising vote and more after an expected one', () => {
    const strong = { mu: 2, sigmaSq: 0.1 };
    const weak = { mu: -2, sigmaSq: 0.1 };
    const expected = applyVote(judge, strong, weak).judge;
    const surprising = applyVote(judge, weak, strong).judge;
    expect(reliability(surprising)).toBeLessThan(reliability(judge));
    expect(reliability(expected)).toBeGreaterThan(reliability(judge));
    // Moment matching keeps the Beta's total roughly one observation larger.
    expect(expected.alpha + expected.beta).toBeCloseTo(ALPHA_PRIOR + BETA_PRIOR + 1, 0);
  });

  it('stays finite for large scores', () => {
    const after = applyVote(judge, { mu: 800, sigmaSq: 1 }, { mu: -800, sigmaSq: 1 });
    for (const value of [after.winner.mu, after.loser.mu, after.winner.sigmaSq, after.judge.alpha])
      expect(Number.isFinite(value)).toBe(true);
  });

  it('never lets a variance reach zero', () => {
    let item = { mu: 0, sigmaSq: 1 };
    for (let i = 0; i < 500; i++) item = applyVote(judge, item, { mu: 0, sigmaSq: 1 }).winner;
    expect(item.sigmaSq).toBeGreaterThan(0);
  });
});

describe('divergences and special functions', () => {
  it('computes ln Γ and ψ at known points', () => {
    expect(logGamma(1)).toBeCloseTo(0, 10);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10);
    expect(digamma(1)).toBeCloseTo(-0.5772156649, 9);
    // ψ(10.5) = ψ(1/2) + Σ_{k<10} 1/(k + 1/2) = −γ − 2 ln 2 + Σ 2/(2k + 1).
    const sum = Array.from({ length: 10 }, (_, k) => 2 / (2 * k + 1)).reduce((a, b) => a + b, 0);
    expect(digamma(10.5)).toBeCloseTo(-0.5772156649 - 2 * Math.LN2 + sum, 9);
  });

  it('is zero between equal beliefs and positive otherwise', () => {
    expect(gaussianDivergence(prior, prior)).toBe(0);
    expect(betaDivergence(judge, judge)).toBeCloseTo(0, 12);
    // KL(N(1, 1) ‖ N(0, 1)) = 1/2.
    expect(gaussianDivergence({ mu: 1, sigmaSq: 1 }, prior)).toBeCloseTo(0.5, 12);
    // KL(Beta(2, 1) ‖ Beta(1, 1)) = ln 2 − 1/2.
    expect(betaDivergence({ alpha: 2, beta: 1 }, { alpha: 1, beta: 1 })).toBeCloseTo(Math.LN2 - 0.5, 8);
  });

  it('expects more information from an uncertain, close pair than from a settled, distant one', () => {
    const close = expectedInformationGain(judge, prior, prior);
    const settled = expectedInformationGain(judge, { mu: 3, sigmaSq: 0.05 }, { mu: -3, sigmaSq: 0.05 });
    expect(close).toBeGreaterThan(settled);
  });
});
