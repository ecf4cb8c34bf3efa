import { z } from 'zod';
import { reportQuerySchema } from './reports.ts';

/**
 * Agreement between judges (docs/judging.md, "Agreement between judges"): Krippendorff's α over the items
 * at least two judges valued, with its bootstrap 95 % interval, per criterion, and each judge's leniency and
 * consistency. Null wherever fewer than two judges share an item (or nothing varies).
 */
export const agreementSchema = z.object({
  alpha: z.number().nullable(),
  alpha_low: z.number().nullable(),
  alpha_high: z.number().nullable(),
  /** Rating selections: α per criterion (interval metric); other types: none. */
  questions: z.array(z.object({ question: z.number().int(), alpha: z.number().nullable() })),
  judges: z.array(
    z.object({
      user: z.number().int(),
      /** Mean of (the judge's value − the others' mean) on the items they share; positive: generous. */
      leniency: z.number().nullable(),
      /** Pearson correlation of the judge's values with the others' mean on the items they share. */
      consistency: z.number().nullable(),
    }),
  ),
});
export type Agreement = z.infer<typeof agreementSchema>;

/**
 * `GET issues/{id}/agreement/`'s query: the report's verified-only and criteria filters, read as the report
 * reads them, so that the agreement shown beside a filtered report is that of the same values.
 */
export const agreementQuerySchema = reportQuerySchema.pick({ criteria: true, only_verified_emails: true });
export type AgreementQuery = z.input<typeof agreementQuerySchema>;

/** Krippendorff's reading of α (2004, §11.3.2): rely on ≥ 0.8, tentative conclusions from ≥ 0.667. */
export const ALPHA_GOOD = 0.8;
export const ALPHA_TENTATIVE = 0.667;
/** Bootstrap draws of the α interval, and their fixed seed: the same interval on every call. */
export const AGREEMENT_BOOTSTRAP_DRAWS = 1000;
/**
 * A judge's consistency is "far below the others" when it is more than this below the median of the
 * judges' consistencies (and the median is itself ≥ this, so that a jury that agrees on nothing flags no one).
 */
export const CONSISTENCY_FAR_BELOW = 0.3;

type AgreementJudge = Agreement['judges'][number];

/** The judges whose consistency is far below the others' (CONSISTENCY_FAR_BELOW), by user id. */
export function inconsistentJudges(judges: AgreementJudge[]): Set<number> {
  const values = judges
    .map((judge) => judge.consistency)
    .filter((value): value is number => value !== null)
    .sort((a, b) => a - b);
  if (values.length < 3) return new Set();
  const middle = values.length / 2;
  const median =
    values.length % 2
      ? (values[Math.floor(middle)] as number)
      : ((values[middle - 1] as number) + (values[middle] as number)) / 2;
  if (median < CONSISTENCY_FAR_BELOW) return new Set();
  return new Set(
    judges
      .filter((judge) => judge.consistency !== null && judge.consistency < median - CONSISTENCY_FAR_BELOW)
      .map((judge) => judge.user),
  );
}

/** The plain-words reading of an α: 'good', 'tentative', 'poor', or 'none' (no α). */
export function alphaReading(alpha: number | null): 'good' | 'tentative' | 'poor' | 'none' {
  if (alpha === null) return 'none';
  if (alpha >= ALPHA_GOOD) return 'good';
  if (alpha >= ALPHA_TENTATIVE) return 'tentative';
  return 'poor';
}
