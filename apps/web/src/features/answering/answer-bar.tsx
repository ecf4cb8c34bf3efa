import { Button, Flex, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DraftSaveState } from './use-draft-autosave';

interface AnswerBarProps {
  tags: string[];
  tag: string | null;
  onTagChange(tag: string | null): void;
  status: string | null;
  /** Where the judge's draft stands on the server. */
  saveState: DraftSaveState;
  isPreview: boolean;
  isSubmitting: boolean;
  onSubmit(): void;
}

/** The bar at the bottom of the answer page: the tag filter, where the judge stands, and Submit. */
export function AnswerBar({
  tags,
  tag,
  onTagChange,
  status,
  saveState,
  isPreview,
  isSubmitting,
  onSubmit,
}: AnswerBarProps) {
  const { t } = useTranslation('answering');
  const submit = (
    <Button
      type="primary"
      onClick={onSubmit}
      loading={isSubmitting}
      disabled={isPreview}
      data-testid="answer-submit"
    >
      {t('submit')}
    </Button>
  );
  return (
    <Flex className="sl-answer-bar" align="center" justify="space-between" gap="middle" wrap>
      {tags.length > 0 ? (
        <Select
          allowClear
          placeholder={t('tagFilter')}
          aria-label={t('tagFilter')}
          value={tag ?? undefined}
          onChange={(value?: string) => onTagChange(value ?? null)}
          options={tags.map((value) => ({ value, label: value }))}
          data-testid="answer-tag-filter"
        />
      ) : (
        <span />
      )}
      <Flex align="center" gap="middle" wrap>
        {saveState !== 'idle' && (
          <Typography.Text
            type={saveState === 'failed' ? 'warning' : 'secondary'}
            aria-live="polite"
            data-testid="draft-state"
          >
            {t(`draft.${saveState}`)}
          </Typography.Text>
        )}
        {status && <Typography.Text data-testid="answer-status">{status}</Typography.Text>}
        {isPreview ? <Tooltip title={t('previewNotice')}>{submit}</Tooltip> : submit}
      </Flex>
    </Flex>
  );
}
