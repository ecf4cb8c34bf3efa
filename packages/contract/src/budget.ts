import { z } from 'zod';
import type { Language } from './common.ts';

// Budget questions (custom fields of type 'budget'), spec items-forms-email §3 and §5: the answer, a
// table of expenses and income, and the question's settings (`json_config`): its currency and its lines.

export const BUDGET_LABEL_MAX_LENGTH = 100;
/** Lines per category (expenses, income); the spec names the cap without its value. */
export const BUDGET_MAX_LINES = 30;
/** Largest amount of one line; the spec names the cap without its value. */
export const BUDGET_MAX_VALUE = 10_000_000;
export const BUDGET_STEP = 50;
export const BUDGET_CURRENCY_MAX_LENGTH = 10;
export const BUDGET_DEFAULT_CURRENCY = '€';
export const BUDGET_CATEGORIES = ['expenses', 'income'] as const;
export type BudgetCategory = (typeof BUDGET_CATEGORIES)[number];

/**
 * The lines a budget question starts with while its admin has not written their own: the spec's
 * student budget (10 expenses, 5 incomes), in the language of the form (or of the admin's interface).
 */
export const BUDGET_DEFAULT_LINES: Record<Language, Record<BudgetCategory, string[]>> = {
  en: {
    expenses: [
      'Housing',
      'Utilities (water, electricity, heating)',
      'Taxes',
      'Insurance',
      'Phone and internet',
      'Food',
      'School fees',
      'Loan repayment',
      'Transport',
      'Other',
    ],
    income: ['Family support', 'Housing aid', 'Scholarships', 'Job', 'Other'],
  },
  fr: {
    expenses: [
      'Logement',
      'Charges (eau, électricité, chauffage)',
      'Impôts',
      'Assurances',
      'Téléphone et internet',
      'Alimentation',
      'Frais de scolarité',
      'Remboursement de prêt',
      'Transport',
      'Autre',
    ],
    income: ['Aide familiale', 'Aide au logement', 'Bourses', 'Emploi', 'Autre'],
  },
};

/** A budget amount: whole, at least 0; negative or invalid amounts count as 0, an empty one stays empty. */
const budgetAmountSchema = z
  .unknown()
  .transform((value) => {
    if (value === null || value === undefined || value === '') return null;
    const amount = Number(value);
    return Number.isFinite(amount) && amount > 0 ? Math.round(amount) : 0;
  })
  .pipe(z.number().int().max(BUDGET_MAX_VALUE).nullable());

export const budgetLineSchema = z.object({
  label: z
    .string()
    .default('')
    .transform((label) => label.trim().slice(0, BUDGET_LABEL_MAX_LENGTH)),
  value: budgetAmountSchema,
});
export type BudgetLine = z.infer<typeof budgetLineSchema>;

/** A budget answer (a datum value's `json_response`). */
export const budgetResponseSchema = z.object({
  currency: z.string().trim().max(BUDGET_CURRENCY_MAX_LENGTH).default(BUDGET_DEFAULT_CURRENCY),
  expenses: z.array(budgetLineSchema).max(BUDGET_MAX_LINES).default([]),
  income: z.array(budgetLineSchema).max(BUDGET_MAX_LINES).default([]),
});
export type BudgetResponse = z.infer<typeof budgetResponseSchema>;

/** A category's preset lines: labels, or null for the default lines in the language the form speaks. */
const budgetConfigLinesSchema = z
  .array(z.string().trim().min(1).max(BUDGET_LABEL_MAX_LENGTH))
  .max(BUDGET_MAX_LINES)
  .nullable();

/**
 * A budget question's settings (its `json_config`): the currency of its amounts and the lines it starts
 * with. Absent lines, or null, are the default lines (BUDGET_DEFAULT_LINES) in the form's language; an
 * empty list starts the category without lines.
 */
export const budgetConfigSchema = z.strictObject({
  currency: z.string().trim().min(1).max(BUDGET_CURRENCY_MAX_LENGTH).optional(),
  expenses: budgetConfigLinesSchema.optional(),
  income: budgetConfigLinesSchema.optional(),
});
export type BudgetConfig = z.infer<typeof budgetConfigSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringsOf = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((label): label is string => typeof label === 'string') : null;

/**
 * A question's stored `json_config` read as a budget's settings, without zod (the answer page and the
 * public form need no schema to draw a budget): what is not a setting is left out.
 */
export function readBudgetConfig(jsonConfig: unknown): BudgetConfig {
  if (!isRecord(jsonConfig)) return {};
  const { currency, expenses, income } = jsonConfig;
  return {
    ...(typeof currency === 'string' && currency.trim() ? { currency: currency.trim() } : {}),
    ...(stringsOf(expenses) ? { expenses: stringsOf(expenses) } : {}),
    ...(stringsOf(income) ? { income: stringsOf(income) } : {}),
  };
}

/** The labels a category starts with: the admin's, else the default lines in `language`. */
export const budgetConfigLines = (config: BudgetConfig, category: BudgetCategory, language: Language) =>
  config[category] ?? BUDGET_DEFAULT_LINES[language][category];

/** A new, empty answer to a budget question: its lines without amounts, in its currency. */
export function emptyBudget(config: BudgetConfig, language: Language): BudgetResponse {
  const lines = (category: BudgetCategory) =>
    budgetConfigLines(config, category, language).map((label) => ({ label, value: null }));
  return {
    currency: config.currency ?? BUDGET_DEFAULT_CURRENCY,
    expenses: lines('expenses'),
    income: lines('income'),
  };
}

/** What a line counts for in its total: a whole amount, at least 0, as the answer's schema stores it. */
export const lineAmount = ({ value }: Pick<BudgetLine, 'value'>) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0;

export const sumBudgetLines = (lines: BudgetLine[]) =>
  lines.reduce((total, line) => total + lineAmount(line), 0);

/** Income minus expenses, in whole amounts: the budget table's result and the export's cell. */
export const budgetBalance = (budget: Pick<BudgetResponse, 'income' | 'expenses'>) =>
  sumBudgetLines(budget.income) - sumBudgetLines(budget.expenses);

const linesOf = (value: unknown): BudgetLine[] =>
  Array.isArray(value)
    ? value.filter(isRecord).map((line) => ({
        label: typeof line.label === 'string' ? line.label : '',
        value: typeof line.value === 'number' && Number.isFinite(line.value) ? line.value : null,
      }))
    : [];

/**
 * A stored budget answer (`json_response`) read for showing, without zod: null when it is not a budget
 * (no expenses nor income list).
 */
export function readBudget(jsonResponse: unknown): BudgetResponse | null {
  if (!isRecord(jsonResponse)) return null;
  const { currency, expenses, income } = jsonResponse;
  if (!Array.isArray(expenses) && !Array.isArray(income)) return null;
  return {
    currency: typeof currency === 'string' ? currency : BUDGET_DEFAULT_CURRENCY,
    expenses: linesOf(expenses),
    income: linesOf(income),
  };
}
