import { CloseOutlined, MessageOutlined } from '@ant-design/icons';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH } from '@shortlist/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, FloatButton, Form, Input } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../../lib/api-client';
import { contactButtonClass } from './contact-button-class';

const THANKS_DURATION_MS = 4000;

interface ContactForm {
  message: string;
}

const isValidMessage = (value: string | undefined) => {
  const length = value?.trim().length ?? 0;
  return length >= CONTACT_MESSAGE_MIN_LENGTH && length <= CONTACT_MESSAGE_MAX_LENGTH;
};

/**
 * Floating button opening a small panel to write to the site's team. `isHigh` lifts it above
 * pages that have a fixed bottom bar, `isInFlow` puts it after a narrow page's end (route-flags.ts);
 * `isInitiallyOpen` when the public shell loads it on a press.
 */
export function ContactBox({
  isHigh = false,
  isInFlow = false,
  isInitiallyOpen = false,
}: {
  isHigh?: boolean;
  isInFlow?: boolean;
  isInitiallyOpen?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ContactForm>();
  const [isOpen, setOpen] = useState(isInitiallyOpen);
  const [isThanked, setThanked] = useState(false);

  const send = useMutation({
    mutationFn: (text: string) => apiPost('contact-messages/', { message: text }),
    onSuccess: () => {
      form.resetFields();
      setThanked(true);
    },
    onError: () => void message.error(t('contact.failure')),
  });

  useEffect(() => {
    if (!isThanked) return;
    const timer = window.setTimeout(() => {
      setThanked(false);
      setOpen(false);
    }, THANKS_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [isThanked]);

  const close = () => {
    setOpen(false);
    setThanked(false);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
    // In the message box Enter adds a line; Ctrl+Enter (or Cmd+Enter) sends.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.submit();
  };

  return (
    <>
      <FloatButton
        className={contactButtonClass('', { isHigh, isInFlow })}
        type="primary"
        icon={<MessageOutlined />}
        tooltip={t('contact.open')}
        aria-label={t('contact.open')}
        aria-expanded={isOpen}
        data-testid="contact-open"
        onClick={() => (isOpen ? close() : setOpen(true))}
      />
      {isOpen && (
        <Card
          className={`sl-contact-panel ${isHigh ? 'sl-contact-panel-high' : ''}`}
          size="small"
          role="dialog"
          aria-label={t('contact.title')}
          title={t('contact.title')}
          onKeyDown={handleKeyDown}
          extra={
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('common.close')}
              onClick={close}
            />
          }
        >
          {isThanked ? (
            <Alert type="success" showIcon title={t('contact.thanks')} />
          ) : (
            <Form<ContactForm>
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={(values) => send.mutate(values.message.trim())}
            >
              <p className="sl-muted">{t('contact.intro')}</p>
              <Form.Item
                name="message"
                label={t('contact.message')}
                rules={[
                  {
                    validator: (_, value: string | undefined) =>
                      isValidMessage(value)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('contact.required'))),
                  },
                ]}
              >
                <Input.TextArea
                  rows={4}
                  autoFocus
                  maxLength={CONTACT_MESSAGE_MAX_LENGTH}
                  showCount
                  placeholder={t('contact.placeholder')}
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={send.isPending} block>
                {t('contact.send')}
              </Button>
            </Form>
          )}
        </Card>
      )}
    </>
  );
}
