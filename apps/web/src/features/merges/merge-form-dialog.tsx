import {
  MERGE_DESCRIPTION_MAX_LENGTH,
  MERGE_MIN_ISSUES,
  MERGE_TITLE_MAX_LENGTH,
  type Merge,
  type MergeInfo,
} from '@shortlist/contract';
import { App, Form, Input } from 'antd';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../lib/api-errors';
import { FormDialog } from '../../lib/layout/form-dialog';
import { useCurrentTeam } from '../teams/team-context';
import { MergeSelectionsField } from './merge-selections-field';
import { useMergeMutations } from './use-merges';
import './resources';

const FIELDS = ['title', 'description', 'issue_merge_infos'] as const;

interface MergeValues {
  title: string;
  description: string;
  issue_merge_infos: MergeInfo[];
}

const toWire = (infos: MergeInfo[]) => infos.map((info) => ({ issue: info.issue.id, weight: info.weight }));

interface MergeFormDialogProps {
  /** The merge to edit; absent to create one. */
  merge?: Merge;
  isOpen: boolean;
  onClose: () => void;
  onSaved?: (merge: Merge) => void;
}

/** Create or edit a merge: title, description, selections with weights (sent only when changed on edit). */
export function MergeFormDialog({ merge, isOpen, onClose, onSaved }: MergeFormDialogProps) {
  const { t } = useTranslation('merges');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const team = useCurrentTeam();
  const [form] = Form.useForm<MergeValues>();
  const { create, update } = useMergeMutations();
  const max = team.package.nb_issues_in_merge;

  // Before the dialog paints: set later, the values would undo a first click (lib/layout/form-dialog.tsx).
  useLayoutEffect(() => {
    if (isOpen && merge) {
      form.setFieldsValue({
        title: merge.title,
        description: merge.description,
        issue_merge_infos: merge.issue_merge_infos,
      });
    }
  }, [isOpen, merge, form]);

  const onError = (error: unknown) => {
    const errors = toFormErrors(error, FIELDS);
    if (errors) form.setFields(errors.fields);
    void message.error(errors?.others.join('\n') || tc('common.verifyFields'));
  };
  const onSuccess = (saved: Merge) => {
    void message.success(merge ? tc('common.saved') : t('form.created'));
    onClose();
    onSaved?.(saved);
  };

  const handleFinish = (values: MergeValues) => {
    const infos = toWire(values.issue_merge_infos);
    const common = { title: values.title.trim(), description: values.description ?? '' };
    if (!merge) {
      create.mutate({ ...common, team: team.id, issue_merge_infos: infos }, { onSuccess, onError });
      return;
    }
    const isChanged = JSON.stringify(infos) !== JSON.stringify(toWire(merge.issue_merge_infos));
    update.mutate(
      { id: merge.id, patch: { ...common, ...(isChanged ? { issue_merge_infos: infos } : {}) } },
      { onSuccess, onError },
    );
  };

  return (
    <FormDialog
      open={isOpen}
      onClose={onClose}
      form={form}
      onFinish={handleFinish}
      isSaving={create.isPending || update.isPending}
      formProps={{ initialValues: { title: '', description: '', issue_merge_infos: [] } }}
      title={merge ? t('form.editTitle') : t('form.createTitle')}
      okText={merge ? tc('common.save') : tc('common.create')}
      destroyOnHidden
      width={640}
    >
      <Form.Item
        name="title"
        label={t('form.title')}
        rules={[
          { required: true, whitespace: true, message: t('form.titleRequired') },
          { max: MERGE_TITLE_MAX_LENGTH },
        ]}
      >
        <Input maxLength={MERGE_TITLE_MAX_LENGTH} autoFocus data-testid="merge-title" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('form.description')}
        rules={[{ max: MERGE_DESCRIPTION_MAX_LENGTH }]}
      >
        <Input.TextArea
          maxLength={MERGE_DESCRIPTION_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
      </Form.Item>
      <Form.Item
        name="issue_merge_infos"
        label={t('form.selections')}
        rules={[
          {
            validator: (_, value: MergeInfo[] = []) =>
              value.length >= MERGE_MIN_ISSUES
                ? Promise.resolve()
                : Promise.reject(new Error(t('form.minSelections', { min: MERGE_MIN_ISSUES }))),
          },
        ]}
      >
        <MergeSelectionsField teamId={team.id} max={max} />
      </Form.Item>
    </FormDialog>
  );
}
