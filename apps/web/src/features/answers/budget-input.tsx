import {
  BUDGET_CATEGORIES,
  BUDGET_LABEL_MAX_LENGTH,
  BUDGET_MAX_LINES,
  BUDGET_MAX_VALUE,
  BUDGET_STEP,
  type BudgetCategory,
  type BudgetLine,
  type BudgetResponse,
  budgetBalance,
  formatAmount,
  sumBudgetLines,
  toLanguage,
  withColon,
} from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import './resources';
import '../../lib/plain/plain.css';
import './answers.css';

interface BudgetInputProps {
  value: BudgetResponse;
  onChange(value: BudgetResponse): void;
}

/** An amount as typed: empty is no amount; the contract rounds it and counts a negative one as 0. */
const toAmount = (text: string) => {
  if (text.trim() === '') return null;
  const amount = Number(text.replace(',', '.'));
  return Number.isFinite(amount) ? amount : null;
};

/**
 * A budget's expenses and income, line by line, with each total and the balance (income minus expenses),
 * in the currency its question sets. Plain HTML, in the public form's language and in the admin's item
 * dialog: the amounts bring up a phone's number pad (`inputmode="decimal"`).
 */
export function BudgetInput({ value, onChange }: BudgetInputProps) {
  const { t, i18n } = useTranslation('answers');
  const language = toLanguage(i18n.language);
  const amount = (figure: number) => formatAmount(figure, value.currency, language);
  const setLines = (category: BudgetCategory, lines: BudgetLine[]) =>
    onChange({ ...value, [category]: lines });
  const setLine = (category: BudgetCategory, index: number, line: Partial<BudgetLine>) =>
    setLines(
      category,
      value[category].map((current, i) => (i === index ? { ...current, ...line } : current)),
    );

  const section = (category: BudgetCategory) => {
    const lines = value[category];
    const isFull = lines.length >= BUDGET_MAX_LINES;
    return (
      <fieldset key={category} className="sl-budget-category" data-testid={`budget-${category}`}>
        <legend className="sl-budget-title">{t(`budget.${category}`)}</legend>
        {lines.map((line, index) => {
          const name = line.label.trim() || t('budget.amount');
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id, and labels may repeat
            <div key={index} className="sl-budget-line">
              <input
                className="sl-input sl-budget-label"
                value={line.label}
                maxLength={BUDGET_LABEL_MAX_LENGTH}
                aria-label={t('budget.label')}
                onChange={(event) => setLine(category, index, { label: event.target.value })}
              />
              <span className="sl-budget-amount">
                <input
                  className="sl-input"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={BUDGET_MAX_VALUE}
                  step={BUDGET_STEP}
                  value={line.value ?? ''}
                  aria-label={line.label.trim() ? t('budget.amountOf', { label: name }) : t('budget.amount')}
                  onChange={(event) => setLine(category, index, { value: toAmount(event.target.value) })}
                />
                <span className="sl-budget-currency" aria-hidden="true">
                  {value.currency}
                </span>
              </span>
              <button
                type="button"
                className="sl-button sl-budget-remove"
                aria-label={t('budget.removeLine', { label: name })}
                title={t('budget.removeLine', { label: name })}
                onClick={() =>
                  setLines(
                    category,
                    lines.filter((_, i) => i !== index),
                  )
                }
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          );
        })}
        <div className="sl-budget-foot">
          <button
            type="button"
            className="sl-button sl-button-small"
            disabled={isFull}
            title={isFull ? t('budget.tooManyLines', { count: BUDGET_MAX_LINES }) : undefined}
            onClick={() => setLines(category, [...lines, { label: '', value: null }])}
          >
            + {t('budget.addLine')}
          </button>
          <strong>{withColon(t('budget.total'), amount(sumBudgetLines(lines)), language)}</strong>
        </div>
      </fieldset>
    );
  };

  return (
    <div className="sl-budget">
      {BUDGET_CATEGORIES.map(section)}
      <strong className="sl-budget-balance" data-testid="budget-result">
        {withColon(t('budget.balance'), amount(budgetBalance(value)), language)}
      </strong>
    </div>
  );
}
