import {
  REVIEW_STATUS_COLORS,
  REVIEW_STATUS_LABEL_MAX_LENGTH,
  type ReviewStatus,
  type ReviewStatusColor,
} from '@shortlist/contract';
import { App, Form, Input } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { toFormErrors } from '../../lib/api-errors';
import { FormDialog } from '../../lib/layout/form-dialog';
import { ColorSwatches } from './color-swatches';
import { useReviewStatusMutations } from './use-review-statuses';
import './resources';

const FIELDS = ['label', 'bg_color'] as const;

interface FormValues {
  label: string;
  bg_color: ReviewStatusColor;
}

interface ReviewStatusDialogProps {
  teamId: number;
  /** The status to edit; null to add one; undefined while closed. */
  status: ReviewStatus | null | undefined;
  onClose: () => void;
}

/** Adds or edits a review status: a label and one of the seven colours. */
export function ReviewStatusDialog({ teamId, status, onClose }: ReviewStatusDialogProps) {
  const { t } = useTranslation('reviews');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const { save } = useReviewStatusMutations(teamId);
  // The title keeps saying 'edit' while the dialog fades out after an edit.
  const shown = useRef(status);
  if (status !== undefined) shown.current = status;
  const isEditing = Boolean(shown.current);

  // Before the dialog paints: set later, the values would undo a first click (lib/layout/form-dialog.tsx).
  useLayoutEffect(() => {
    if (status === undefined) return;
    const bgColor = (status?.bg_color as ReviewStatusColor | undefined) ?? REVIEW_STATUS_COLORS[0].hex;
    form.setFieldsValue({ label: status?.label ?? '', bg_color: bgColor });
  }, [status, form]);

  const handleFinish = (values: FormValues) =>
    save.mutate(
      { id: status?.id, label: values.label.trim(), bg_color: values.bg_color },
      {
        onSuccess: () => {
          void message.success(t('common.saved', { ns: 'translation' }));
          onClose();
        },
        onError: (error) => {
          const errors = toFormErrors(error, FIELDS);
          if (errors?.fields.length) form.setFields(errors.fields);
          else if (error instanceof ApiError && error.code === 'MAX_REVIEW_STATUSES')
            void message.error(t('maxReached'));
          else void message.error(t('saveFailed'));
        },
      },
    );

  return (
    <FormDialog
      open={status !== undefined}
      onClose={onClose}
      form={form}
      onFinish={handleFinish}
      isSaving={save.isPending}
      title={t(isEditing ? 'editTitle' : 'addTitle')}
      okText={t('common.save', { ns: 'translation' })}
      forceRender
    >
      <Form.Item
        name="label"
        label={t('label')}
        rules={[{ required: true, whitespace: true, message: t('labelRequired') }]}
      >
        <Input
          maxLength={REVIEW_STATUS_LABEL_MAX_LENGTH}
          showCount
          autoFocus
          data-testid="review-status-label"
        />
      </Form.Item>
      <Form.Item name="bg_color" label={t('color')} rules={[{ required: true }]}>
        <ColorSwatches />
      </Form.Item>
    </FormDialog>
  );
}
