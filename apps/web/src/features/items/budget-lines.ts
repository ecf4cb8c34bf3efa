import { BUDGET_DEFAULT_CURRENCY, type BudgetLine, type BudgetResponse } from '@shortlist/contract';

/** The spec's default lines, in French as the original product wrote them. */
const DEFAULT_EXPENSES = [
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
];
const DEFAULT_INCOME = ['Aide familiale', 'Aide au logement', 'Bourses', 'Emploi', 'Autre'];

const emptyLines = (labels: string[]): BudgetLine[] => labels.map((label) => ({ label, value: null }));

export function defaultBudget(): BudgetResponse {
  return {
    currency: BUDGET_DEFAULT_CURRENCY,
    expenses: emptyLines(DEFAULT_EXPENSES),
    income: emptyLines(DEFAULT_INCOME),
  };
}
