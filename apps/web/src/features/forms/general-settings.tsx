import {
  FORM_DESCRIPTION_MAX_LENGTH,
  FORM_TITLE_MAX_LENGTH,
  type IntakeForm,
  type IntakeFormPatch,
  LANGUAGES,
} from '@shortlist/contract';
import { Alert, App, Button, Form, Input, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../lib/api-errors';
import { lazyDialog } from '../../lib/lazy-dialog';
import { fromLocalInput, toLocalInput } from '../selections/issue-form-values';
import { useCurrentTeam } from '../teams/team-context';
import type { FormMutations } from './use-form';
import { useFormOptions } from './use-form-options';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const PageHeadersDialog = lazyDialog(
  () => import('./page-headers-dialog').then((m) => m.PageHeadersDialog),
  (props) => props.isOpen,
);

type GeneralValues = Required<
  Pick<
    IntakeFormPatch,
    | 'title'
    | 'description'
    | 'published'
    | 'language_code'
    | 'page_header'
    | 'css_theme'
    | 'allow_partial_save'
  >
> & {
  /** The date-time input's local value; '' for none. */
  edit_until: string;
};
const FIELDS = [
  'title',
  'description',
  'published',
  'language_code',
  'page_header',
  'css_theme',
  'allow_partial_save',
  'edit_until',
] as const;

const toValues = (form: IntakeForm): GeneralValues => ({
  title: form.title,
  description: form.description,
  published: form.published,
  language_code: form.language_code,
  page_header: form.page_header,
  css_theme: form.css_theme,
  allow_partial_save: form.allow_partial_save,
  edit_until: toLocalInput(form.edit_until),
});

/** The form's general settings, saved together; a description over the limit blocks the save. */
export function GeneralSettings({ form, mutations }: { form: IntakeForm; mutations: FormMutations }) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const team = useCurrentTeam();
  const { pageHeaders, themes } = useFormOptions(team.id);
  const [antForm] = Form.useForm<GeneralValues>();
  const [isManagingHeaders, setManagingHeaders] = useState(false);
  const description = Form.useWatch('description', antForm) ?? form.description;
  const isTooLong = description.length > FORM_DESCRIPTION_MAX_LENGTH;
  const none = { value: null, label: t('general.none') };

  const handleFinish = (values: GeneralValues) =>
    mutations.update.mutate(
      { ...values, title: values.title.trim(), edit_until: fromLocalInput(values.edit_until) },
      {
        onSuccess: () => void message.success(tc('common.saved')),
        onError: (error) => {
          const errors = toFormErrors(error, FIELDS);
          if (errors) antForm.setFields(errors.fields);
          void message.error(tc('common.error'));
        },
      },
    );

  return (
    <section aria-labelledby="form-general">
      <Typography.Title level={4} id="form-general">
        {t('general.title')}
      </Typography.Title>
      {isTooLong && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('general.descriptionTooLong', {
            count: description.length,
            max: FORM_DESCRIPTION_MAX_LENGTH,
          })}
          data-testid="description-too-long"
        />
      )}
      <Form<GeneralValues>
        form={antForm}
        layout="horizontal"
        labelCol={{ sm: 6 }}
        wrapperCol={{ sm: 18 }}
        initialValues={toValues(form)}
        onFinish={handleFinish}
      >
        <Form.Item
          name="title"
          label={t('general.name')}
          rules={[
            { required: true, whitespace: true, message: t('untitled') },
            { max: FORM_TITLE_MAX_LENGTH },
          ]}
        >
          <Input maxLength={FORM_TITLE_MAX_LENGTH} data-testid="general-title" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('general.description')}
          // The counter sits on the hint's line: keep the hint clear of it on a phone.
          extra={
            <span style={{ display: 'block', paddingInlineEnd: 96 }}>{t('general.descriptionHint')}</span>
          }
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 12 }}
            showCount={{ formatter: ({ count }) => `${count} / ${FORM_DESCRIPTION_MAX_LENGTH}` }}
            data-testid="general-description"
          />
        </Form.Item>
        <Form.Item name="published" label={t('general.published')} valuePropName="checked">
          <Switch data-testid="general-published" />
        </Form.Item>
        <Form.Item name="language_code" label={t('general.language')}>
          <Select options={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))} />
        </Form.Item>
        <Form.Item
          name="page_header"
          label={t('general.pageHeader')}
          extra={
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setManagingHeaders(true)}>
              {t('pageHeaders.manage')}
            </Button>
          }
        >
          <Select
            data-testid="general-page-header"
            loading={pageHeaders.isPending}
            options={[
              none,
              ...(pageHeaders.data?.results ?? []).map((h) => ({ value: h.id, label: h.title })),
            ]}
          />
        </Form.Item>
        <Form.Item name="css_theme" label={t('general.theme')}>
          <Select
            loading={themes.isPending}
            options={[
              none,
              ...(themes.data?.results ?? []).map((theme) => ({ value: theme.id, label: theme.name })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="allow_partial_save"
          label={t('general.allowPartialSave')}
          extra={t('general.allowPartialSaveHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="edit_until"
          label={t('general.editUntil')}
          extra={t('general.editUntilHint', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
        >
          <Input
            type="datetime-local"
            allowClear
            style={{ maxWidth: 260 }}
            data-testid="general-edit-until"
          />
        </Form.Item>
        <Form.Item wrapperCol={{ sm: { offset: 6, span: 18 } }}>
          <Button
            type="primary"
            htmlType="submit"
            disabled={isTooLong}
            loading={mutations.update.isPending}
            data-testid="general-save"
          >
            {tc('common.save')}
          </Button>
        </Form.Item>
      </Form>
      <PageHeadersDialog
        teamId={team.id}
        isOpen={isManagingHeaders}
        onClose={() => setManagingHeaders(false)}
      />
    </section>
  );
}
