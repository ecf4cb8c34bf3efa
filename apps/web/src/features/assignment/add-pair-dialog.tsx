import type { AssignmentPatch } from '@shortlist/contract';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJudgeError } from '../judges/use-judge-error';
import { useAccessDatasets, useJudges } from '../judges/use-judges';
import { useAssignmentMutations } from './use-assignment';
import './resources';

const FORM_ID = 'add-pair-form';
const OPTIONS_LIMIT = 20;

interface Values {
  user: number;
  dataset: number;
}

/**
 * Adds a judge to an item by hand: the judge searched among the selection's judges, then the item among
 * those the judge does not have yet. The server refuses a conflicted or not-willing pair, and says so.
 */
export function AddPairDialog({
  issueId,
  isOpen,
  onClose,
}: {
  issueId: number;
  isOpen: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('assignment');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [judgeSearch, setJudgeSearch] = useState('');
  const [itemSearch, setItemSearch] = useState('');
  const user = (Form.useWatch('user', form) as number | undefined) ?? null;
  const judges = useJudges(
    issueId,
    { offset: 0, limit: OPTIONS_LIMIT, search: judgeSearch || undefined },
    isOpen,
  );
  const items = useAccessDatasets(issueId, user, {
    offset: 0,
    limit: OPTIONS_LIMIT,
    search: itemSearch || undefined,
  });
  const { adjust } = useAssignmentMutations(issueId);
  const showError = useJudgeError();

  const finish = (values: Values) => {
    const patch: AssignmentPatch = { add: [values], remove: [] };
    adjust.mutate(patch, {
      onSuccess: () => {
        void message.success(t('pairs.added'));
        onClose();
      },
      onError: (error) => showError(error, 'accessFailed'),
    });
  };

  return (
    <Modal
      open={isOpen}
      title={t('pairs.addTitle')}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setJudgeSearch('');
        setItemSearch('');
      }}
      okText={t('pairs.add')}
      cancelText={t('common.cancel', { ns: 'translation' })}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: adjust.isPending }}
    >
      <Form<Values> id={FORM_ID} form={form} layout="vertical" onFinish={finish}>
        <Form.Item name="user" label={t('pairs.judgeLabel')} rules={[{ required: true }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setJudgeSearch }}
            options={(judges.data?.results ?? []).map((judge) => ({
              value: judge.user.id,
              label: judge.user.email,
            }))}
            loading={judges.isFetching}
            onChange={() => form.setFieldValue('dataset', undefined)}
            data-testid="add-pair-judge"
          />
        </Form.Item>
        <Form.Item name="dataset" label={t('pairs.itemLabel')} rules={[{ required: true }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setItemSearch }}
            disabled={user === null}
            placeholder={user === null ? t('pairs.pickJudgeFirst') : undefined}
            options={(items.data?.results ?? [])
              .filter((item) => !item.has_access)
              .map((item) => ({ value: item.id, label: item.title }))}
            loading={items.isFetching}
            data-testid="add-pair-item"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
