import { EyeOutlined } from '@ant-design/icons';
import type { OutboxMessage } from '@shortlist/contract';
import { Button, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/format';
import { LinkifiedText } from './linkified-text';

interface OutboxMessageCardProps {
  message: OutboxMessage;
  onViewHtml: (message: OutboxMessage) => void;
}

export function OutboxMessageCard({ message, onViewHtml }: OutboxMessageCardProps) {
  const { t, i18n } = useTranslation();
  const date = formatDateTime(message.create_time, i18n.language);
  return (
    <Card
      size="small"
      title={message.subject || t('admin.noSubject')}
      data-testid="outbox-message"
      extra={
        message.html ? (
          <Button size="small" icon={<EyeOutlined />} onClick={() => onViewHtml(message)}>
            {t('admin.viewHtml')}
          </Button>
        ) : undefined
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'to', label: t('admin.to'), children: message.to },
          {
            key: 'date',
            label: t('admin.date'),
            children: <time dateTime={message.create_time}>{date}</time>,
          },
        ]}
      />
      <div className="sl-outbox-text">
        <LinkifiedText text={message.text} />
      </div>
    </Card>
  );
}
