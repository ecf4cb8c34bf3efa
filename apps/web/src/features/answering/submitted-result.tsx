import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Thanks after submitting; a judge of a selection that is not public may go back and edit. */
export function SubmittedResult({ canEdit, onEdit }: { canEdit: boolean; onEdit(): void }) {
  const { t } = useTranslation('answering');
  return (
    <Result
      status="success"
      title={t('submitted')}
      extra={
        canEdit ? (
          <Button type="link" onClick={onEdit} data-testid="edit-submission">
            {t('editSubmission')}
          </Button>
        ) : undefined
      }
      data-testid="answer-submitted"
    />
  );
}
