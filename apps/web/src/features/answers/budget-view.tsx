import {
  BUDGET_CATEGORIES,
  type BudgetResponse,
  budgetBalance,
  filledBudgetLines,
  formatAmount,
  lineAmount,
  sumBudgetLines,
  toLanguage,
} from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import './resources';

interface BudgetViewProps {
  budget: BudgetResponse;
  /** In a table's cell: the totals and the balance, without the lines. */
  isCompact?: boolean;
}

/**
 * A budget answer as a table: each category's filled lines and total, then the balance (income minus
 * expenses), in the reader's language — the contract writes the same table as text for exports and mail.
 */
export function BudgetView({ budget, isCompact = false }: BudgetViewProps) {
  const { t, i18n } = useTranslation('answers');
  const language = toLanguage(i18n.language);
  const amount = (value: number) => formatAmount(value, budget.currency, language);
  const balance = budgetBalance(budget);
  return (
    <table
      className={isCompact ? 'sl-budget-view sl-budget-view-compact' : 'sl-budget-view'}
      data-testid="budget-view"
    >
      {BUDGET_CATEGORIES.map((category) =>
        isCompact ? (
          <tbody key={category}>
            <tr className="sl-budget-view-row">
              <th scope="row">{t(`budget.${category}`)}</th>
              <td>{amount(sumBudgetLines(budget[category]))}</td>
            </tr>
          </tbody>
        ) : (
          <tbody key={category}>
            <tr className="sl-budget-view-row sl-budget-view-category">
              <th scope="colgroup" colSpan={2}>
                {t(`budget.${category}`)}
              </th>
            </tr>
            {filledBudgetLines(budget[category]).map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id, and labels may repeat
              <tr key={index} className="sl-budget-view-row">
                <th scope="row">{line.label}</th>
                <td>{amount(lineAmount(line))}</td>
              </tr>
            ))}
            <tr className="sl-budget-view-row sl-budget-view-total">
              <th scope="row">{t('budget.total')}</th>
              <td>{amount(sumBudgetLines(budget[category]))}</td>
            </tr>
          </tbody>
        ),
      )}
      {/* A body, not a foot: Ant Design styles any table foot inside its tables as its own. */}
      <tbody>
        <tr className="sl-budget-view-row sl-budget-view-balance">
          <th scope="row">{t('budget.balance')}</th>
          <td className={balance < 0 ? 'sl-budget-view-negative' : undefined}>{amount(balance)}</td>
        </tr>
      </tbody>
    </table>
  );
}
