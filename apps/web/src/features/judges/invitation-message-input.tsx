import { INVITATION_MESSAGE_MAX_LENGTH } from '@shortlist/contract';
import { Flex, Input, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './resources';

/** The admin's optional personal message, put in the mail above the judge's link. */
export function InvitationMessageInput({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('judges');
  const id = useId();
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>{t('message.label')}</label>
      <Input.TextArea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={INVITATION_MESSAGE_MAX_LENGTH}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder={t('message.placeholder')}
        data-testid="invitation-message"
      />
      <Typography.Text type="secondary">{t('message.hint')}</Typography.Text>
    </Flex>
  );
}
