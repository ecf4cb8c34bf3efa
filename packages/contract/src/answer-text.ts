import {
  type BudgetCategory,
  type BudgetLine,
  type BudgetResponse,
  budgetBalance,
  lineAmount,
  readBudget,
  sumBudgetLines,
} from './budget.ts';
import { type Language, withColon } from './common.ts';
import { CHOICE_RESPONSE_SEPARATOR } from './items.ts';

// How an answer reads as text: the one rendering of every answer type outside the pages — the Excel
// exports, the e-mail variables, the confirmation mail's recap — and the words and figures the pages'
// rendering (web features/answers) shares with it.

/** What it takes to show an answer: its field's type (and a text field's format) and the stored value. */
export interface AnswerParts {
  resourcetype: string;
  /** A text field's format (TEXT_FORMATS): a date is written in words, a number kept a number in a sheet. */
  format?: string | null;
  response: string | null;
  json_response: Record<string, unknown> | null;
  filename: string | null;
}

/** The words of a budget as a reader sees it, per language; the web's `answers` namespace takes them too. */
export const BUDGET_WORDS: Record<Language, Record<BudgetCategory | 'total' | 'balance', string>> = {
  en: { expenses: 'Expenses', income: 'Income', total: 'Total', balance: 'Balance' },
  fr: { expenses: 'Dépenses', income: 'Revenus', total: 'Total', balance: 'Solde' },
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A whole amount and its currency: "1,200 €" / "1 200 €", a no-break space before the currency. */
export function formatAmount(value: number, currency: string, language: Language) {
  const figure = new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
  return currency ? `${figure}\u00a0${currency}` : figure;
}

/** A number within a text, with the language's decimal mark: "0.5" / "0,5", as precise as the number. */
export const decimalText = (value: number, language: Language) =>
  language === 'fr' ? String(value).replace('.', ',') : String(value);

/** A date answer (YYYY-MM-DD) as the language writes it, "Mar 14, 2025" / "14 mars 2025"; other text as is. */
export function formatAnswerDate(text: string, language: Language) {
  const parts = ISO_DATE.exec(text.trim());
  if (!parts) return text;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, day),
  );
}

/** The options chosen in a choice answer, in the order stored. */
export const choiceLabels = (response: string | null) =>
  (response ?? '').split(CHOICE_RESPONSE_SEPARATOR).filter((label) => label.trim() !== '');

/** The lines of a category that carry an amount: a line left empty says nothing. */
export const filledBudgetLines = (lines: BudgetLine[]) =>
  lines.filter((line) => line.value !== null && line.value !== undefined);

/**
 * A budget in three lines: each category's filled lines and total, then the balance.
 * "Expenses: Housing 900 €, Food 300 € — Total 1,200 €" … "Balance: 300 €".
 */
export function budgetText(budget: BudgetResponse, language: Language) {
  const words = BUDGET_WORDS[language];
  const amount = (value: number) => formatAmount(value, budget.currency, language);
  const category = (name: BudgetCategory) => {
    const lines = filledBudgetLines(budget[name]).map((line) => `${line.label} ${amount(lineAmount(line))}`);
    const total = `${words.total} ${amount(sumBudgetLines(budget[name]))}`;
    return withColon(words[name], lines.length > 0 ? `${lines.join(', ')} — ${total}` : total, language);
  };
  return [
    category('expenses'),
    category('income'),
    withColon(words.balance, amount(budgetBalance(budget)), language),
  ].join('\n');
}

/** An answer as plain text in `language`: the typed text (a date as the language writes it), the chosen
 * options joined by commas, the file's name, a budget's lines, totals and balance; '' when there is none. */
export function answerText(answer: AnswerParts | null | undefined, language: Language): string {
  if (!answer) return '';
  switch (answer.resourcetype) {
    case 'file':
      return answer.filename ?? '';
    case 'custom': {
      const budget = readBudget(answer.json_response);
      return budget ? budgetText(budget, language) : '';
    }
    case 'choice':
      return choiceLabels(answer.response).join(', ');
    default: {
      const text = answer.response ?? '';
      return answer.format === 'date' ? formatAnswerDate(text, language) : text;
    }
  }
}

/**
 * An answer as a spreadsheet cell: a number answer a number and a date answer a date (so that the sheet
 * sorts and sums them, and writes the date in its reader's settings), a budget its text on one line (a
 * sheet shows a cell's line breaks only when the cell is styled to wrap), anything else its text.
 */
export function answerCell(
  answer: AnswerParts | null | undefined,
  language: Language,
): string | number | Date | null {
  if (!answer) return null;
  const text = answer.response?.trim() ?? '';
  if (answer.resourcetype === 'text' && answer.format === 'number' && text) {
    const number = Number(text.replace(',', '.'));
    if (Number.isFinite(number)) return number;
  }
  if (answer.resourcetype === 'text' && answer.format === 'date') {
    const parts = ISO_DATE.exec(text);
    if (parts) return new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  }
  const cell = answerText(answer, language);
  if (answer.resourcetype === 'custom') return cell.replaceAll('\n', '; ') || null;
  return cell || null;
}
