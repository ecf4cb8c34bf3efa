import type { Judge } from '@shortlist/contract';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJudgeError } from './use-judge-error';
import { useJudgeMutations, useJudges } from './use-judges';
import './resources';

const FORM_ID = 'copy-access-form';
const OPTIONS_LIMIT = 20;

interface CopyAccessDialogProps {
  issueId: number;
  /** The judge who receives the items; null keeps the dialog closed. */
  judge: Judge | null;
  onClose: () => void;
}

/** Gives a judge exactly the items of another judge, chosen by searching the judges. */
export function CopyAccessDialog({ issueId, judge, onClose }: CopyAccessDialogProps) {
  const { t } = useTranslation('judges');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ from_user: number }>();
  const [search, setSearch] = useState('');
  const candidates = useJudges(
    issueId,
    { offset: 0, limit: OPTIONS_LIMIT, search: search || undefined },
    judge !== null,
  );
  const { copy } = useJudgeMutations(issueId);
  const showError = useJudgeError();
  const options = (candidates.data?.results ?? [])
    .filter((candidate) => candidate.user.id !== judge?.user.id)
    .map((candidate) => ({
      value: candidate.user.id,
      label: `${candidate.user.email} (${t('itemsCount', { count: candidate.nb_datasets })})`,
    }));

  const handleFinish = ({ from_user }: { from_user: number }) => {
    if (!judge) return;
    copy.mutate(
      { from_user, to_user: judge.user.id },
      {
        onSuccess: () => {
          void message.success(t('copyAccess.done'));
          onClose();
        },
        onError: (error) => showError(error, 'accessFailed'),
      },
    );
  };

  return (
    <Modal
      open={judge !== null}
      title={judge && t('copyAccess.title', { email: judge.user.email })}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setSearch('');
      }}
      okText={t('copyAccess.submit')}
      cancelText={t('common.cancel', { ns: 'translation' })}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: copy.isPending }}
    >
      <Typography.Paragraph type="secondary">{t('copyAccess.intro')}</Typography.Paragraph>
      <Form id={FORM_ID} form={form} layout="vertical" onFinish={handleFinish}>
        <Form.Item
          name="from_user"
          label={t('copyAccess.label')}
          rules={[{ required: true, message: t('copyAccess.required') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder={t('copyAccess.placeholder')}
            options={options}
            loading={candidates.isFetching}
            data-testid="copy-access-from"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
