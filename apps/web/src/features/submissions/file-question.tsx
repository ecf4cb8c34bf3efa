import type { PublicQuestion } from '@shortlist/contract';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../items/format';
import type { FileValue } from './answers';

type FileQuestionType = Extract<PublicQuestion, { resourcetype: 'file' }>;

/** 'application/pdf' → 'PDF'. */
const typeName = (mime: string) => (mime.split('/')[1] ?? mime).toUpperCase();

interface FileQuestionProps {
  question: FileQuestionType;
  value?: FileValue;
  onChange(value: FileValue): void;
}

/** One file: its accepted types and size shown, a too-big file refused here; sent after the answers. */
export function FileQuestion({ question, value = { file: null, saved: null }, onChange }: FileQuestionProps) {
  const { t, i18n } = useTranslation('submissions');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [tooBig, setTooBig] = useState(false);
  const name = value.file?.name ?? value.saved;

  const handleChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const isTooBig = file.size > question.max_size_bytes;
    setTooBig(isTooBig);
    if (!isTooBig) onChange({ ...value, file });
  };

  return (
    <div className="sl-file">
      <input
        ref={input}
        type="file"
        hidden
        accept={question.mime_types.join(',')}
        onChange={handleChoose}
        data-testid={`file-input-${question.id}`}
      />
      {name ? (
        <div className="sl-file-chosen">
          <span data-testid={`file-name-${question.id}`}>{name}</span>
          <button
            type="button"
            className="sl-button sl-button-small"
            onClick={() => onChange({ file: null, saved: null })}
          >
            {t('removeFile')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="sl-button"
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          {t('chooseFile')}
        </button>
      )}
      <span className="sl-muted" id={hintId}>
        {t('fileTypes', {
          types: question.mime_types.map(typeName).join(', '),
          size: formatBytes(question.max_size_bytes, i18n.language),
        })}
      </span>
      {tooBig && (
        <span className="sl-error" role="alert">
          {t('fileTooBig')}
        </span>
      )}
    </div>
  );
}
