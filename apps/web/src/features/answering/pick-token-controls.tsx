import { CheckOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Picks or unpicks the item; the page refuses a pick beyond max_items with a message. */
export function PickControl({
  title,
  isPicked,
  onToggle,
}: {
  title: string;
  isPicked: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation('answering');
  return (
    <Button
      type={isPicked ? 'primary' : 'default'}
      icon={isPicked ? <CheckOutlined /> : undefined}
      aria-pressed={isPicked}
      aria-label={t('pickOf', { title })}
      onClick={onToggle}
      data-testid="pick-toggle"
    >
      {isPicked ? t('picked') : t('pick')}
    </Button>
  );
}

/** One token more or less; never below zero, the page refuses going past the limits with a message. */
export function TokenControl({
  title,
  count,
  onChange,
}: {
  title: string;
  count: number;
  onChange(delta: 1 | -1): void;
}) {
  const { t } = useTranslation('answering');
  return (
    <Flex align="center" gap="small">
      <Button
        icon={<MinusOutlined />}
        disabled={count <= 0}
        onClick={() => onChange(-1)}
        aria-label={t('removeToken', { title })}
        data-testid="token-minus"
      />
      <Typography.Text strong style={{ minWidth: 24, textAlign: 'center' }} data-testid="token-count">
        {count}
      </Typography.Text>
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange(1)}
        aria-label={t('addToken', { title })}
        data-testid="token-plus"
      />
    </Flex>
  );
}
