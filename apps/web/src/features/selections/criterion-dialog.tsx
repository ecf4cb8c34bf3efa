import {
  CRITERION_DESCRIPTION_MAX_LENGTH,
  CRITERION_TITLE_MAX_LENGTH,
  CRITERION_TITLE_MIN_LENGTH,
  CRITERION_WEIGHT_DEFAULT,
  CRITERION_WEIGHT_MAX,
  CRITERION_WEIGHT_MIN,
  CRITERION_WEIGHT_STEP,
  type IssueQuestion,
} from '@shortlist/contract';
import { App, Form, Input, InputNumber } from 'antd';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../lib/api-errors';
import { FormDialog } from '../../lib/layout/form-dialog';
import { useIssueMutations } from './use-issues';
import './resources';
import { useFormat } from '../../lib/i18n/format';

type CriterionValues = Pick<IssueQuestion, 'title' | 'description' | 'weight'>;
const NEW_CRITERION: CriterionValues = { title: '', description: '', weight: CRITERION_WEIGHT_DEFAULT };

interface CriterionDialogProps {
  issueId: number;
  /** Null when closed; 'new' to add one. */
  criterion: IssueQuestion | 'new' | null;
  onClose: () => void;
}

/** Adds or edits one criterion of a rating selection: title, description and weight. */
export function CriterionDialog({ issueId, criterion, onClose }: CriterionDialogProps) {
  const { decimalSeparator } = useFormat();
  const { t } = useTranslation('selections');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CriterionValues>();
  const mutations = useIssueMutations();
  const isEdit = criterion !== null && criterion !== 'new';

  // Before the dialog paints: set later, the values would undo a first click (lib/layout/form-dialog.tsx).
  useLayoutEffect(() => {
    if (criterion) form.setFieldsValue(criterion === 'new' ? NEW_CRITERION : criterion);
  }, [criterion, form]);

  const handleFinish = (values: CriterionValues) => {
    const input = { ...values, title: values.title.trim(), description: values.description ?? '' };
    const callbacks = {
      onSuccess: () => {
        void message.success(tc('common.saved'));
        onClose();
      },
      onError: (error: unknown) => {
        const errors = toFormErrors(error, ['title', 'description', 'weight'] as const);
        if (errors) form.setFields(errors.fields);
        void message.error(tc(errors ? 'common.verifyFields' : 'common.error'));
      },
    };
    if (isEdit) mutations.patchQuestion.mutate({ id: criterion.id, patch: input }, callbacks);
    else mutations.createQuestion.mutate({ ...input, issue: issueId }, callbacks);
  };

  return (
    <FormDialog
      open={criterion !== null}
      onClose={onClose}
      form={form}
      onFinish={handleFinish}
      isSaving={mutations.createQuestion.isPending || mutations.patchQuestion.isPending}
      formProps={{ initialValues: NEW_CRITERION }}
      title={t(isEdit ? 'criteria.editTitle' : 'criteria.createTitle')}
      okText={tc('common.save')}
    >
      <Form.Item
        name="title"
        label={t('criteria.name')}
        rules={[
          { required: true, whitespace: true, message: t('criteria.nameRequired') },
          { min: CRITERION_TITLE_MIN_LENGTH, max: CRITERION_TITLE_MAX_LENGTH },
        ]}
      >
        <Input maxLength={CRITERION_TITLE_MAX_LENGTH} showCount autoFocus data-testid="criterion-title" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('criteria.description')}
        rules={[{ max: CRITERION_DESCRIPTION_MAX_LENGTH }]}
      >
        <Input.TextArea maxLength={CRITERION_DESCRIPTION_MAX_LENGTH} showCount autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item
        name="weight"
        label={t('criteria.weight')}
        extra={t('criteria.weightRange')}
        rules={[
          {
            required: true,
            type: 'number',
            min: CRITERION_WEIGHT_MIN,
            max: CRITERION_WEIGHT_MAX,
            message: t('criteria.weightRange'),
          },
        ]}
      >
        {/* No min/max on the input: it would clamp 2 to 1 without a word; the rule refuses it instead. */}
        <InputNumber
          step={CRITERION_WEIGHT_STEP}
          precision={2}
          decimalSeparator={decimalSeparator}
          data-testid="criterion-weight"
        />
      </Form.Item>
    </FormDialog>
  );
}
