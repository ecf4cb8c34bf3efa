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
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../app/api-errors';
import { useDiscardGuard } from '../../app/layout/use-discard-guard';
import { useIssueMutations } from './use-issues';
import '../../app/i18n/selections-resources';

const FORM_ID = 'criterion-form';
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
  const { t } = useTranslation('selections');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CriterionValues>();
  const { close, markDirty } = useDiscardGuard(criterion !== null, onClose);
  const mutations = useIssueMutations();
  const isEdit = criterion !== null && criterion !== 'new';

  useEffect(() => {
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
    <Modal
      open={criterion !== null}
      title={t(isEdit ? 'criteria.editTitle' : 'criteria.createTitle')}
      onCancel={close}
      afterClose={() => form.resetFields()}
      okText={tc('common.save')}
      cancelText={tc('common.cancel')}
      okButtonProps={{
        htmlType: 'submit',
        form: FORM_ID,
        loading: mutations.createQuestion.isPending || mutations.patchQuestion.isPending,
      }}
    >
      <Form
        onValuesChange={markDirty}
        id={FORM_ID}
        form={form}
        layout="vertical"
        initialValues={NEW_CRITERION}
        onFinish={handleFinish}
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
          <InputNumber step={CRITERION_WEIGHT_STEP} precision={2} data-testid="criterion-weight" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
