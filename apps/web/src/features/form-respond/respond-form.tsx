import { HONEYPOT_FIELD, type PublicForm } from '@shortlist/contract';
import { Alert, Button, Flex, Form, Input, Progress } from 'antd';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaWidget } from '../../app/captcha/captcha-widget';
import { formatDateTime } from '../../app/i18n/format';
import { type Answers, answerText, initialAnswers } from './answers';
import type { DraftLink } from './api';
import { QuestionField } from './question-field';
import { type Outcome, type RespondValues, useSubmitFlow } from './use-submit-flow';
import { placeSections, visibleQuestionIds } from './visibility';

interface RespondFormProps {
  form: PublicForm;
  preview: boolean;
  draft: DraftLink | null;
  onOutcome(outcome: Outcome): void;
  onReload(): void;
}

function SectionTitle({ text, body }: { text: string; body: string }) {
  return (
    <div className="sl-form-section">
      <h2 className="sl-form-section-title">{text}</h2>
      {body && <p className="sl-pre-wrap">{body}</p>}
    </div>
  );
}

/** The e-mail, the questions with their sections and conditions, the captcha and the buttons. */
export function RespondForm({ form, preview, draft, onOutcome, onReload }: RespondFormProps) {
  const { t, i18n } = useTranslation('formRespond');
  const [formInstance] = Form.useForm<RespondValues>();
  const flow = useSubmitFlow({ form, formInstance, draft, onOutcome, onReload });
  const initialValues = useMemo(
    () => ({
      email: form.submission?.email ?? '',
      answers: initialAnswers(form.questions, form.submission?.datum_values),
    }),
    [form.questions, form.submission],
  );
  const answers = (Form.useWatch('answers', formInstance) ?? initialValues.answers) as Answers;
  const visible = visibleQuestionIds(
    form.questions,
    new Map(form.questions.map((question) => [question.id, answerText(answers[question.id])])),
  );
  const sections = placeSections(form.questions, form.titles);
  const isEditingDraft = Boolean(form.submission);
  const isEditingSubmitted = Boolean(form.submission?.is_submitted);
  const canSend = !preview && form.published;

  return (
    <Form
      form={formInstance}
      layout="vertical"
      initialValues={initialValues}
      // The browser's own e-mail check would speak its language, not the form's, and hide the rest.
      noValidate
      onFinish={() => void flow.send('submit')}
      onFinishFailed={() => void flow.send('submit')}
      onValuesChange={flow.clearChangedErrors}
      disabled={flow.isSaving}
      data-testid="respond-form"
    >
      {isEditingSubmitted && form.edit_until && (
        <Alert
          type="info"
          showIcon
          message={t('editingSubmitted', { date: formatDateTime(form.edit_until, i18n.language) })}
          style={{ marginBottom: 16 }}
          data-testid="editing-submitted"
        />
      )}
      {!isEditingDraft && (
        <Form.Item
          name="email"
          label={t('email')}
          required
          rules={[
            { required: true, message: t('emailRequired') },
            { type: 'email', message: t('badEmail') },
          ]}
        >
          <Input type="email" autoComplete="email" data-testid="respondent-email" style={{ maxWidth: 480 }} />
        </Form.Item>
      )}
      {/* A person never sees this field; a bot filling every input does, and is refused. */}
      <div aria-hidden="true" className="sl-honeypot" style={{ position: 'absolute', left: '-10000px' }}>
        <Form.Item name={HONEYPOT_FIELD} label={t('honeypot')}>
          <Input tabIndex={-1} autoComplete="off" />
        </Form.Item>
      </div>
      {form.questions.map((question) => (
        <Fragment key={question.id}>
          {sections.above.get(question.id)?.map((section) => (
            <SectionTitle key={section.id} text={section.text} body={section.body} />
          ))}
          <div hidden={!visible.has(question.id)}>
            <QuestionField question={question} />
          </div>
        </Fragment>
      ))}
      {sections.atEnd.map((section) => (
        <SectionTitle key={section.id} text={section.text} body={section.body} />
      ))}
      {canSend && (
        <Flex vertical gap={12} align="flex-start">
          <CaptchaWidget onChange={flow.handleCaptchaChange} resetKey={flow.captchaKey} />
          {flow.captchaError && <Alert type="error" showIcon message={flow.captchaError} role="alert" />}
          {flow.uploadPercent !== null && (
            <Flex vertical style={{ width: '100%', maxWidth: 480 }}>
              <span>{t('uploading')}</span>
              <Progress percent={flow.uploadPercent} data-testid="upload-progress" />
            </Flex>
          )}
          <Flex gap={8} wrap>
            {/* A submitted response stays submitted: it can be changed, not taken back to a draft. */}
            {form.allow_partial_save && !isEditingSubmitted && (
              <Button
                onClick={() => void flow.send('save')}
                disabled={!flow.captcha || flow.isSaving}
                data-testid="save-partial"
              >
                {t('save')}
              </Button>
            )}
            <Button
              type="primary"
              htmlType="submit"
              loading={flow.isSaving}
              disabled={!flow.captcha || flow.isSaving}
              data-testid="submit-form"
            >
              {t('submit')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Form>
  );
}
