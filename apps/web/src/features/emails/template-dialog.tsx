import {
  EMAIL_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH,
  EMAIL_TEMPLATE_TITLE_MAX_LENGTH,
  type EmailTemplate,
  LANGUAGES,
  type Language,
  type RenderedEmail,
} from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Collapse, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { getErrorDetail, toFormErrors } from '../../lib/api-errors';
import { FormDialog } from '../../lib/layout/form-dialog';
import { useIssueOptions } from '../selections/use-issue-options';
import { createTemplate, emailKeys, fetchVariables, previewTemplate, updateTemplate } from './api';
import { EmailFrame } from './email-frame';
import type { RichTextHandle } from './rich-text-editor';
import './mailings-resources';
import './resources';

// Tiptap is loaded with this dialog only.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

const FIELDS = [
  'title',
  'description',
  'subject',
  'html_content',
  'language',
  'variant_subject',
  'variant_html_content',
] as const;

interface Values {
  title: string;
  description: string;
  subject: string;
  html_content: string;
  language: Language;
  variant_subject: string | null;
  variant_html_content: string | null;
}

const EMPTY: Values = {
  title: '',
  description: '',
  subject: '',
  html_content: '',
  language: 'en',
  variant_subject: null,
  variant_html_content: null,
};

/** A list variable goes in as a loop, each of its texts escaped as it is written. */
const snippetOf = (name: string) =>
  LIST_VARIABLES.has(name) ? `{% for line in ${name} %}{{ line }}; {% endfor %}` : `{{ ${name} }}`;
const LIST_VARIABLES: ReadonlySet<string> = new Set(['comments', 'averages']);

interface TemplateDialogProps {
  teamId: number;
  /** The template to edit; a new one when null. */
  template: EmailTemplate | null;
  isOpen: boolean;
  onClose(): void;
}

/** Creates or edits a template: subject and rich-text body with item variables, and a preview on a real item. */
export function TemplateDialog({ teamId, template, isOpen, onClose }: TemplateDialogProps) {
  const { t } = useTranslation('emails');
  const { t: tm } = useTranslation('mailings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const editor = useRef<RichTextHandle>(null);
  const variantEditor = useRef<RichTextHandle>(null);
  const [preview, setPreview] = useState<RenderedEmail | null>(null);
  const [previewIssue, setPreviewIssue] = useState<number | undefined>();
  const issueOptions = useIssueOptions(teamId, isOpen);
  const language = Form.useWatch('language', form) ?? 'en';
  const other = LANGUAGES.find((code) => code !== language) ?? 'fr';
  const variables = useQuery({
    queryKey: emailKeys.variables(teamId),
    queryFn: () => fetchVariables(teamId),
    enabled: isOpen,
  });

  const showServerErrors = (error: unknown) => {
    const errors = toFormErrors(error, FIELDS);
    if (errors) form.setFields(errors.fields);
    void message.error([...(errors?.others ?? []), getErrorDetail(error) ?? t('templates.failed')].join(' '));
  };
  const save = useMutation({
    mutationFn: (values: Values) =>
      template ? updateTemplate(template.id, values) : createTemplate({ team: teamId, ...values }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: emailKeys.all });
      void message.success(t('templates.saved'));
      onClose();
    },
    onError: showServerErrors,
  });
  const showPreview = useMutation({
    mutationFn: (isVariant: boolean) =>
      previewTemplate({
        team: teamId,
        subject: form.getFieldValue(isVariant ? 'variant_subject' : 'subject') ?? '',
        html_content: form.getFieldValue(isVariant ? 'variant_html_content' : 'html_content') ?? '',
        issue: previewIssue,
      }),
    onSuccess: setPreview,
    onError: (error) =>
      error instanceof ApiError && error.code === 'NO_ITEM_WITH_EMAIL'
        ? void message.info(t('templates.noItem'))
        : showServerErrors(error),
  });

  const insert = (name: string) => editor.current?.insertText(snippetOf(name));
  const variableOptions = (variables.data ?? []).map((variable) => ({
    value: variable.name,
    label: variable.item_type ? `${variable.label} (${variable.item_type})` : variable.label,
  }));

  return (
    <FormDialog
      open={isOpen}
      onClose={onClose}
      form={form}
      onFinish={(values) => save.mutate(values)}
      isSaving={save.isPending}
      formProps={{ initialValues: template ?? EMPTY }}
      afterClose={() => setPreview(null)}
      after={
        preview && (
          <div data-testid="template-preview-result">
            <Alert
              type="info"
              message={`${t('templates.previewTo')}: ${preview.to || '—'} · ${preview.subject}`}
              style={{ marginBottom: 8 }}
            />
            <EmailFrame html={preview.html_message} title={preview.subject} />
          </div>
        )
      }
      title={template ? template.title : t('templates.add')}
      okText={t('templates.save')}
      cancelText={t('templates.cancel')}
      okButtonProps={{ 'data-testid': 'template-save' }}
      width={760}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          <Button
            onClick={() => showPreview.mutate(false)}
            loading={showPreview.isPending}
            data-testid="template-preview"
          >
            {t('templates.preview')}
          </Button>
          <Button onClick={() => showPreview.mutate(true)} loading={showPreview.isPending}>
            {tm('template.previewVariant', { language: tm(`template.languages.${other}`) })}
          </Button>
          <CancelBtn />
          <OkBtn />
        </>
      )}
    >
      <Form.Item
        name="title"
        label={t('templates.titleLabel')}
        rules={[{ required: true, whitespace: true, max: EMAIL_TEMPLATE_TITLE_MAX_LENGTH }]}
      >
        <Input maxLength={EMAIL_TEMPLATE_TITLE_MAX_LENGTH} data-testid="template-title" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('templates.description')}
        rules={[{ max: EMAIL_TEMPLATE_DESCRIPTION_MAX_LENGTH }]}
      >
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 3 }}
          maxLength={EMAIL_TEMPLATE_DESCRIPTION_MAX_LENGTH}
        />
      </Form.Item>
      <Form.Item
        name="subject"
        label={t('templates.subject')}
        rules={[{ required: true, whitespace: true, max: EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH }]}
      >
        <Input maxLength={EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH} data-testid="template-subject" />
      </Form.Item>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          placeholder={t('templates.insert')}
          aria-label={t('templates.insert')}
          loading={variables.isPending}
          value={null}
          style={{ minWidth: 240 }}
          onChange={(name: string) => insert(name)}
          options={variableOptions}
          data-testid="template-variable"
        />
        <Select
          allowClear
          showSearch={{ filterOption: false, onSearch: issueOptions.onSearch }}
          placeholder={tm('template.previewIssue')}
          aria-label={tm('template.previewIssue')}
          loading={issueOptions.isLoading}
          options={issueOptions.options}
          value={previewIssue}
          onChange={setPreviewIssue}
          style={{ minWidth: 200 }}
        />
        <Typography.Text type="secondary">
          {t('templates.insertHint', { example: '{{ title }}' })}
        </Typography.Text>
      </Space>
      <Suspense fallback={<Spin />}>
        <Form.Item name="html_content" label={t('templates.body')} rules={[{ required: true }]}>
          <RichTextEditor label={t('templates.body')} handle={editor} />
        </Form.Item>
      </Suspense>
      <Form.Item name="language" label={tm('template.language')} extra={tm('template.languageHelp')}>
        <Select
          style={{ width: 160 }}
          options={LANGUAGES.map((code) => ({ value: code, label: tm(`template.languages.${code}`) }))}
          data-testid="template-language"
        />
      </Form.Item>
      <Collapse
        size="small"
        items={[
          {
            key: 'variant',
            label: tm('template.variant', { language: tm(`template.languages.${other}`) }),
            children: (
              <>
                <Typography.Paragraph type="secondary">{tm('template.variantHelp')}</Typography.Paragraph>
                <Form.Item
                  name="variant_subject"
                  label={t('templates.subject')}
                  rules={[{ max: EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH }]}
                >
                  <Input maxLength={EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH} />
                </Form.Item>
                <Select
                  placeholder={t('templates.insert')}
                  aria-label={t('templates.insert')}
                  value={null}
                  style={{ minWidth: 240, marginBottom: 8 }}
                  onChange={(name: string) => variantEditor.current?.insertText(snippetOf(name))}
                  options={variableOptions}
                />
                <Suspense fallback={<Spin />}>
                  <Form.Item name="variant_html_content" label={t('templates.body')}>
                    <RichTextEditor label={t('templates.body')} handle={variantEditor} />
                  </Form.Item>
                </Suspense>
              </>
            ),
          },
        ]}
      />
    </FormDialog>
  );
}
