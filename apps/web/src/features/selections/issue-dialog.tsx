import {
  ISSUE_DESCRIPTION_MAX_LENGTH,
  ISSUE_RESOURCETYPES,
  ISSUE_TITLE_MAX_LENGTH,
  ISSUE_TITLE_MIN_LENGTH,
  type Issue,
  ITEM_LABELS,
  REMINDER_DAYS_MAX,
} from '@shortlist/contract';
import { Alert, App, Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../lib/api-errors';
import { FormDialog } from '../../lib/layout/form-dialog';
import { useCurrentTeam } from '../teams/team-context';
import { BlindReviewFields } from './blind-review-fields';
import {
  followNumbers,
  type IssueFormValues,
  issueToValues,
  NUMBER_DEFAULTS,
  newIssueValues,
  toIssuePatch,
  toIssuePayload,
} from './issue-form-values';
import { IssueNumberFields } from './issue-number-fields';
import { useIssueSaveError } from './use-issue-save-error';
import { useIssueMutations } from './use-issues';
import './resources';

const FORM_FIELDS = Object.keys(newIssueValues()) as (keyof IssueFormValues)[];

interface IssueDialogProps {
  isOpen: boolean;
  /** The selection to edit; a new one is created without it. */
  issue?: Issue;
  onClose: () => void;
  onSaved?: (issue: Issue) => void;
}

/** Creates or edits a selection: the type (locked on edit), its numbers with their rules, labels and options. */
export function IssueDialog({ isOpen, issue, onClose, onSaved }: IssueDialogProps) {
  const { t } = useTranslation('selections');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const team = useCurrentTeam();
  const [form] = Form.useForm<IssueFormValues>();
  const values = Form.useWatch([], form) ?? {};
  const mutations = useIssueMutations();
  const showSaveError = useIssueSaveError();
  const isEdit = issue !== undefined;
  const isPending = mutations.create.isPending || mutations.patch.isPending;

  // Before the dialog paints: set later, the values would undo a first click (lib/layout/form-dialog.tsx).
  useLayoutEffect(() => {
    if (isOpen) form.setFieldsValue(issue ? issueToValues(issue) : newIssueValues());
  }, [isOpen, issue, form]);

  const handleValuesChange = (changed: Partial<IssueFormValues>, all: IssueFormValues) => {
    if (changed.resourcetype && !isEdit) form.setFieldsValue(NUMBER_DEFAULTS);
    const followed = followNumbers(changed, all);
    if (followed) form.setFieldsValue(followed);
  };

  const handleFinish = (formValues: IssueFormValues) => {
    const callbacks = {
      onSuccess: (saved: Issue) => {
        void message.success(isEdit ? tc('common.saved') : t('dialog.created'));
        onClose();
        onSaved?.(saved);
      },
      onError: (error: unknown) => {
        const errors = toFormErrors(error, FORM_FIELDS);
        if (errors) form.setFields(errors.fields);
        showSaveError(error);
      },
    };
    if (issue) mutations.patch.mutate({ id: issue.id, patch: toIssuePatch(formValues, issue) }, callbacks);
    else mutations.create.mutate({ ...toIssuePayload(formValues), team: team.id }, callbacks);
  };

  const isRating = values.resourcetype === 'RatingIssue';
  return (
    <FormDialog
      open={isOpen}
      onClose={onClose}
      form={form}
      onFinish={handleFinish}
      isSaving={isPending}
      formProps={{ initialValues: newIssueValues(), onValuesChange: handleValuesChange }}
      title={t(isEdit ? 'dialog.editTitle' : 'dialog.createTitle')}
      okText={tc(isEdit ? 'common.save' : 'common.create')}
      width={640}
    >
      <Form.Item
        name="resourcetype"
        label={t('dialog.type')}
        extra={isEdit ? t('dialog.typeLocked') : undefined}
      >
        <Radio.Group disabled={isEdit} optionType="button" buttonStyle="solid" data-testid="issue-type">
          {ISSUE_RESOURCETYPES.map((type) => (
            <Radio.Button key={type} value={type} data-testid={`issue-type-${type}`}>
              {t(`types.${type}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      {values.resourcetype && (
        <Typography.Paragraph type="secondary">{t(`typeHelp.${values.resourcetype}`)}</Typography.Paragraph>
      )}
      <Form.Item
        name="title"
        label={t('dialog.name')}
        rules={[
          { required: true, whitespace: true, message: t('dialog.nameRequired') },
          { min: ISSUE_TITLE_MIN_LENGTH, max: ISSUE_TITLE_MAX_LENGTH },
        ]}
      >
        <Input maxLength={ISSUE_TITLE_MAX_LENGTH} showCount autoFocus data-testid="issue-title" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('dialog.description')}
        rules={[{ max: ISSUE_DESCRIPTION_MAX_LENGTH }]}
      >
        <Input.TextArea
          maxLength={ISSUE_DESCRIPTION_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          data-testid="issue-description"
        />
      </Form.Item>
      <IssueNumberFields values={values} />
      <Form.Item
        name="item_label_singular_en"
        label={t('dialog.itemLabel')}
        rules={[{ required: true, message: t('dialog.itemLabelRequired') }]}
      >
        <Select
          options={ITEM_LABELS.map(({ singular }) => ({ value: singular, label: t(`labels.${singular}`) }))}
          data-testid="issue-item-label"
        />
      </Form.Item>
      {(team.package.public_issues || issue?.public) && (
        <Form.Item
          name="public"
          label={t('dialog.public')}
          extra={t('dialog.publicHelp')}
          valuePropName="checked"
        >
          <Switch data-testid="issue-public" />
        </Form.Item>
      )}
      {values.public && (
        <Form.Item name="email_required" label={t('dialog.emailRequired')} valuePropName="checked">
          <Switch data-testid="issue-email-required" />
        </Form.Item>
      )}
      {values.public && values.email_required && (
        <Form.Item name="email_link" label={t('dialog.emailLink')} valuePropName="checked">
          <Switch data-testid="issue-email-link" />
        </Form.Item>
      )}
      {values.public && (
        <Form.Item
          name="captcha"
          label={t('dialog.captcha')}
          extra={t('dialog.captchaHelp')}
          valuePropName="checked"
        >
          <Switch data-testid="issue-captcha" />
        </Form.Item>
      )}
      {isRating && !values.public && (
        <Form.Item name="comments_mode" label={t('dialog.commentsMode')}>
          <Radio.Group data-testid="issue-comments-mode">
            <Radio value="DATASET">{t('dialog.commentsDataset')}</Radio>
            <Radio value="QUESTION">{t('dialog.commentsQuestion')}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
      <Form.Item name="random_order" label={t('dialog.randomOrder')} valuePropName="checked">
        <Switch data-testid="issue-random-order" />
      </Form.Item>
      <Form.Item
        name="judges_can_load_dataset_details"
        label={t('dialog.itemDetails')}
        extra={t('dialog.itemDetailsHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="issue-item-details" />
      </Form.Item>
      {!values.public && (
        <Form.Item
          name="hide_comments_until_submitted"
          label={t('dialog.hideComments')}
          extra={t('dialog.hideCommentsHelp')}
          valuePropName="checked"
        >
          <Switch data-testid="issue-hide-comments" />
        </Form.Item>
      )}
      <BlindReviewFields issue={issue} />
      <Form.Item
        name="share_feedback"
        label={t('dialog.shareFeedback')}
        extra={t('dialog.shareFeedbackHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="issue-share-feedback" />
      </Form.Item>
      <Form.Item
        name="deadline"
        label={t('dialog.deadline')}
        extra={t('dialog.deadlineHelp', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
      >
        <Input type="datetime-local" allowClear data-testid="issue-deadline" />
      </Form.Item>
      {values.deadline && (
        <Form.Item
          name="keep_open_after_deadline"
          label={t('dialog.keepOpen')}
          extra={t('dialog.keepOpenHelp')}
          valuePropName="checked"
        >
          <Switch data-testid="issue-keep-open" />
        </Form.Item>
      )}
      {values.deadline && (
        <Form.Item
          name="reminder_days_before"
          label={t('dialog.reminderDays')}
          extra={t('dialog.reminderDaysHelp')}
        >
          <InputNumber min={1} max={REMINDER_DAYS_MAX} precision={0} data-testid="issue-reminder-days" />
        </Form.Item>
      )}
      {isEdit && issue.status === 'closed' && <Alert type="info" showIcon title={t('manage.closedBanner')} />}
    </FormDialog>
  );
}
