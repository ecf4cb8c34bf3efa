import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { emailKeys, fetchUnsubscribe, postUnsubscribe } from '../emails/api';
import '../emails/resources';

/**
 * `/unsubscribe/:token`, the footer link of every mass e-mail: names the team and the address, and
 * unsubscribes on a press of the button (a link scanner's GET changes nothing). No sign-in.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('emails');
  const token = useParams().token ?? '';
  useDocumentTitle(t('unsubscribe.title'));
  const info = useQuery({
    queryKey: emailKeys.unsubscribe(token),
    queryFn: () => fetchUnsubscribe(token),
    retry: false,
  });
  const unsubscribe = useMutation({
    mutationFn: () => postUnsubscribe(token),
    onSuccess: () => void info.refetch(),
  });

  let content: React.ReactNode;
  if (info.isPending) content = <Spin />;
  else if (info.isError) content = <Result status="warning" title={t('unsubscribe.invalid')} />;
  else if (info.data.is_unsubscribed)
    content = (
      <Result
        status="success"
        title={t('unsubscribe.done', { team: info.data.team_title, email: info.data.email })}
        data-testid="unsubscribed"
      />
    );
  else
    content = (
      <>
        <Typography.Paragraph>
          {t('unsubscribe.question', { team: info.data.team_title, email: info.data.email })}
        </Typography.Paragraph>
        {unsubscribe.isError && (
          <Typography.Paragraph type="danger">{t('unsubscribe.failed')}</Typography.Paragraph>
        )}
        <Button
          type="primary"
          danger
          onClick={() => unsubscribe.mutate()}
          loading={unsubscribe.isPending}
          data-testid="unsubscribe"
        >
          {t('unsubscribe.button')}
        </Button>
      </>
    );
  return (
    <div className="sl-auth-page">
      <Card className="sl-auth-card" title={<h1 className="sl-auth-title">{t('unsubscribe.title')}</h1>}>
        {content}
      </Card>
    </div>
  );
}
