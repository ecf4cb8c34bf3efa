import { App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIssueOptions } from './use-issue-options';
import { useIssueMutations } from './use-issues';
import './resources';

const FORM_ID = 'add-to-issue-form';

interface AddToIssueDialogProps {
  teamId: number;
  datasetIds: number[];
  isOpen: boolean;
  onClose: () => void;
  onAdded: () => void;
}

/** Picks one of the team's selections and adds the checked items to it. */
export function AddToIssueDialog({ teamId, datasetIds, isOpen, onClose, onAdded }: AddToIssueDialogProps) {
  const { t } = useTranslation('selections');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ issue: number }>();
  const { options, isLoading, onSearch } = useIssueOptions(teamId, isOpen);
  const { addDatasets } = useIssueMutations();

  const handleFinish = ({ issue }: { issue: number }) =>
    addDatasets.mutate(
      { id: issue, datasets: datasetIds },
      {
        onSuccess: () => {
          void message.success(t('bulk.added'));
          onAdded();
          onClose();
        },
        onError: () => void message.error(t('bulk.addFailed')),
      },
    );

  return (
    <Modal
      open={isOpen}
      title={t('bulk.pickTitle')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      okText={t('bulk.add')}
      cancelText={tc('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: addDatasets.isPending }}
    >
      <Form id={FORM_ID} form={form} layout="vertical" onFinish={handleFinish}>
        <Form.Item
          name="issue"
          label={t('bulk.pick')}
          rules={[{ required: true, message: t('bulk.pickRequired') }]}
        >
          <Select<number>
            showSearch={{ filterOption: false, onSearch }}
            options={options}
            loading={isLoading}
            data-testid="add-to-issue-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
