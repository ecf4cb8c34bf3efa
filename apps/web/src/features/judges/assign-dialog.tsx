import { ITEMS_PER_JUDGE_MAX, JUDGES_PER_ITEM_MAX } from '@shortlist/contract';
import { App, Form, InputNumber, Modal, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useJudgeError } from './use-judge-error';
import { useJudgeMutations, useJudges } from './use-judges';
import './resources';

const FORM_ID = 'assign-access-form';

interface AssignDialogProps {
  issueId: number;
  isOpen: boolean;
  onClose: () => void;
}

interface Values {
  judges_per_item: number;
  max_items_per_judge: number | null;
  top_up: boolean;
}

/**
 * Balanced automatic assignment: how many judges each item needs, optionally at most how many items
 * a judge takes, and whether the judges' current items stay (top up items added later).
 */
export function AssignDialog({ issueId, isOpen, onClose }: AssignDialogProps) {
  const { t } = useTranslation('judges');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const judges = useJudges(issueId, { offset: 0, limit: 1 }, isOpen);
  const { assign } = useJudgeMutations(issueId);
  const showError = useJudgeError();
  const nbJudges = judges.data?.count ?? 0;
  const max = Math.min(nbJudges, JUDGES_PER_ITEM_MAX);

  const handleFinish = (values: Values) =>
    assign.mutate(
      {
        judges_per_item: values.judges_per_item,
        max_items_per_judge: values.max_items_per_judge ?? ITEMS_PER_JUDGE_MAX,
        mode: values.top_up ? 'top_up' : 'replace',
      },
      {
        onSuccess: (result) => {
          const { min_datasets_per_judge: low, max_datasets_per_judge: high } = result;
          const done =
            low === high ? t('spread.doneEqual', { min: low }) : t('spread.done', { min: low, max: high });
          if (result.short.length === 0) void message.success(done);
          else {
            // What could not be met stays on screen until read: the admin has to act on it.
            modal.warning({
              title: done,
              content: result.short.map(({ judges: n, items }) => (
                <p key={n}>{t('spread.short', { count: items, judges: n })}</p>
              )),
            });
          }
          onClose();
        },
        onError: (error) => showError(error, 'accessFailed'),
      },
    );

  return (
    <Modal
      open={isOpen}
      title={t('spread.title')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      okText={t('spread.submit')}
      cancelText={t('common.cancel', { ns: 'translation' })}
      okButtonProps={{
        htmlType: 'submit',
        form: FORM_ID,
        loading: assign.isPending,
        disabled: nbJudges === 0,
      }}
    >
      <Typography.Paragraph type="secondary">
        {nbJudges === 0 && judges.data ? t('spread.noJudges') : t('spread.intro', { count: nbJudges })}
      </Typography.Paragraph>
      <Form<Values>
        id={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        initialValues={{ judges_per_item: 1, max_items_per_judge: null, top_up: false }}
      >
        <Form.Item
          name="judges_per_item"
          label={t('spread.label')}
          rules={[
            { required: true, message: t('spread.required') },
            { type: 'number', min: 1, max, message: t('spread.max', { max }) },
          ]}
        >
          <InputNumber
            min={1}
            max={Math.max(1, max)}
            precision={0}
            autoFocus
            data-testid="spread-judges-per-item"
          />
        </Form.Item>
        <Form.Item
          name="max_items_per_judge"
          label={t('spread.maxPerJudge')}
          extra={t('spread.maxPerJudgeHint')}
        >
          <InputNumber min={1} max={ITEMS_PER_JUDGE_MAX} precision={0} data-testid="assign-max-per-judge" />
        </Form.Item>
        <Form.Item
          name="top_up"
          label={t('spread.topUp')}
          extra={t('spread.topUpHint')}
          valuePropName="checked"
        >
          <Switch data-testid="assign-top-up" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
