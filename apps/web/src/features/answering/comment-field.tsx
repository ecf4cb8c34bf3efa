import { COMMENT_MAX_LENGTH } from '@shortlist/contract';
import { Checkbox, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DraftComment } from './answer-draft';

interface CommentFieldProps {
  label: string;
  value: DraftComment | undefined;
  onChange(comment: DraftComment): void;
}

/** The judge's comment (at most 400 characters, a warning at the maximum) and whether other judges see it. */
export function CommentField({ label, value, onChange }: CommentFieldProps) {
  const { t } = useTranslation('answering');
  const content = value?.content ?? '';
  const shared = value?.shared ?? false;
  return (
    <div>
      <Input.TextArea
        value={content}
        maxLength={COMMENT_MAX_LENGTH}
        showCount
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={label}
        aria-label={label}
        onChange={(event) => onChange({ content: event.target.value, shared })}
        data-testid="comment-input"
      />
      {content.length >= COMMENT_MAX_LENGTH && (
        <Typography.Text type="warning">{t('commentMax', { max: COMMENT_MAX_LENGTH })}</Typography.Text>
      )}
      <Checkbox
        checked={shared}
        onChange={(event) => onChange({ content, shared: event.target.checked })}
        data-testid="comment-shared"
      >
        {t('shared')}
      </Checkbox>
    </div>
  );
}
