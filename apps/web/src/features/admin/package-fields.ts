import { type TeamPackage, teamPackageSchema } from '@shortlist/contract';

type Flag = { [K in keyof TeamPackage]: TeamPackage[K] extends boolean ? K : never }[keyof TeamPackage];
type Limit = Exclude<keyof TeamPackage, Flag>;

export const PACKAGE_FLAGS: readonly Flag[] = [
  'can_merge_issues',
  'public_issues',
  'datum_field_custom_type_budget',
  'mass_emails',
];

export const PACKAGE_LIMITS: readonly Limit[] = [
  'nb_issues_in_merge',
  'max_tags',
  'mass_emails_batch_size_limit',
  'mass_emails_batches_per_month',
];

/** The bounds of a package number, read from the contract's schema so they are defined once. */
export function getLimitRange(field: Limit): { min: number; max: number } {
  const schema = teamPackageSchema.shape[field];
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
}
