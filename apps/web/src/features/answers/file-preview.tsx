import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './resources';
import '../../lib/plain/plain.css';
import './answers.css';

interface FilePreviewProps {
  /** The signed link: the file route serves PDFs and images inline. */
  url: string;
  name: string;
  mimeType: string | null;
}

/**
 * A file answer where there is room for it (the judge's card, the item's dialog): an image is shown, a
 * PDF opens in the browser's own viewer on demand (a page of fifty items must not load fifty PDFs),
 * anything else is a link. The link to a new tab stays beside it for browsers without a PDF viewer.
 */
export function FilePreview({ url, name, mimeType }: FilePreviewProps) {
  const { t } = useTranslation('answers');
  const [isOpen, setIsOpen] = useState(false);
  const link = (
    <a href={url} target="_blank" rel="noreferrer" data-testid="answer-file-link">
      {mimeType === 'application/pdf' || mimeType?.startsWith('image/') ? t('fileNewTab') : name}
    </a>
  );
  if (mimeType?.startsWith('image/')) {
    return (
      <div className="sl-answer-file">
        <img className="sl-answer-image" src={url} alt={name} loading="lazy" />
        {link}
      </div>
    );
  }
  if (mimeType !== 'application/pdf') return link;
  return (
    <div className="sl-answer-file sl-answer-file-pdf">
      <div className="sl-actions">
        <button
          type="button"
          className="sl-button"
          onClick={() => setIsOpen((open) => !open)}
          aria-expanded={isOpen}
          data-testid="answer-pdf-toggle"
        >
          {t(isOpen ? 'hidePdf' : 'showPdf', { name })}
        </button>
        {link}
      </div>
      {isOpen && <iframe className="sl-answer-pdf" src={url} title={name} data-testid="answer-pdf" />}
    </div>
  );
}
