import { useTranslation } from 'react-i18next';
import './resources';

/** Thanks after submitting; a judge of a selection that is not public may go back and edit. */
export function SubmittedResult({ canEdit, onEdit }: { canEdit: boolean; onEdit(): void }) {
  const { t } = useTranslation('judging');
  return (
    <section className="sl-result" role="status" data-testid="answer-submitted">
      <h2 className="sl-result-title">{t('submitted')}</h2>
      {canEdit && (
        <button type="button" className="sl-button" onClick={onEdit} data-testid="edit-submission">
          {t('editSubmission')}
        </button>
      )}
    </section>
  );
}
