import { JUDGES_PER_ITEM_MAX } from '@shortlist/contract';
import { App, Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useJudgeError } from './use-judge-error';
import { useJudgeMutations, useJudges } from './use-judges';

const FORM_ID = 'spread-access-form';

interface SpreadDialogProps {
  issueId: number;
  isOpen: boolean;
  onClose: () => void;
}

/** Asks how many judges each item needs, then spreads the items evenly over the judges. */
export function SpreadDialog({ issueId, isOpen, onClose }: SpreadDialogProps) {
  const { t } = useTranslation('judges');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ judges_per_item: number }>();
  const judges = useJudges(issueId, { offset: 0, limit: 1 }, isOpen);
  const { spread } = useJudgeMutations(issueId);
  const showError = useJudgeError();
  const nbJudges = judges.data?.count ?? 0;
  const max = Math.min(nbJudges, JUDGES_PER_ITEM_MAX);

  const handleFinish = ({ judges_per_item }: { judges_per_item: number }) =>
    spread.mutate(judges_per_item, {
      onSuccess: (result) => {
        const { min_datasets_per_judge: low, max_datasets_per_judge: high } = result;
        void message.success(
          low === high ? t('spread.doneEqual', { min: low }) : t('spread.done', { min: low, max: high }),
        );
        onClose();
      },
      onError: (error) => showError(error, 'accessFailed'),
    });

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
        loading: spread.isPending,
        disabled: nbJudges === 0,
      }}
    >
      <Typography.Paragraph type="secondary">
        {nbJudges === 0 && judges.data ? t('spread.noJudges') : t('spread.intro', { count: nbJudges })}
      </Typography.Paragraph>
      <Form
        id={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        initialValues={{ judges_per_item: 1 }}
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
      </Form>
    </Modal>
  );
}
