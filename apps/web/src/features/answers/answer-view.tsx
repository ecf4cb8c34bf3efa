import { choiceLabels, formatAnswerDate, readBudget, toLanguage } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../items/format';
import { BudgetView } from './budget-view';
import { FilePreview } from './file-preview';
import type { ShownAnswer } from './shown-answer';
import './resources';
import './answers.css';

interface AnswerViewProps {
  answer: ShownAnswer | null | undefined;
  /**
   * In a table's cell: a budget's totals without its lines, a file as a link. Elsewhere (a card, a
   * dialog, a drawer) the whole budget, an image or a PDF shown.
   */
  isCompact?: boolean;
}

const isWebAddress = (text: string) => /^https?:\/\/\S+$/i.test(text);

/** A text answer: an address is a link, a date is written in the reader's language, the rest as typed. */
function TextAnswer({ answer }: { answer: ShownAnswer }) {
  const { i18n } = useTranslation('answers');
  const text = answer.response?.trim() ?? '';
  if (answer.format === 'email') return <a href={`mailto:${text}`}>{text}</a>;
  if (answer.format === 'url' && isWebAddress(text)) {
    return (
      <a href={text} target="_blank" rel="noreferrer">
        {text}
      </a>
    );
  }
  if (answer.format === 'date') return <span>{formatAnswerDate(text, toLanguage(i18n.language))}</span>;
  return <span className="sl-pre-line">{answer.response}</span>;
}

/** A file answer: its link (a download, with its size) or, where there is room, the file itself. */
function FileAnswer({ answer, isCompact }: { answer: ShownAnswer; isCompact: boolean }) {
  const { t, i18n } = useTranslation('answers');
  const { file_url_signed: url, filename } = answer;
  if (!url || !filename) return <span className="sl-answer-none">{t('noFile')}</span>;
  if (!isCompact) return <FilePreview url={url} name={filename} mimeType={answer.mime_type} />;
  const size = answer.file_size ? ` (${formatBytes(answer.file_size, i18n.language)})` : '';
  return (
    // The file route serves PDFs and images inline (for the judges' page); here the link downloads.
    <a href={url} download={filename} aria-label={t('download', { name: filename })}>
      {filename}
      {size}
    </a>
  );
}

/**
 * An answer as people read it, whatever the page: the one rendering of each answer type (text, its
 * formats, choices, file, budget) for the judge's card, the admin's tables, dialogs and drawers. Plain
 * HTML and its own CSS: the answer page draws it without Ant Design.
 */
export function AnswerView({ answer, isCompact = false }: AnswerViewProps) {
  const { t } = useTranslation('answers');
  const none = <span className="sl-answer-none">{t('noAnswer')}</span>;
  if (!answer) return none;
  switch (answer.resourcetype) {
    case 'file':
      return <FileAnswer answer={answer} isCompact={isCompact} />;
    case 'custom': {
      const budget = readBudget(answer.json_response);
      return budget ? <BudgetView budget={budget} isCompact={isCompact} /> : none;
    }
    case 'choice': {
      const labels = choiceLabels(answer.response);
      if (labels.length === 0) return none;
      return (
        <ul className="sl-chips">
          {labels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      );
    }
    default:
      return answer.response?.trim() ? <TextAnswer answer={answer} /> : none;
  }
}
