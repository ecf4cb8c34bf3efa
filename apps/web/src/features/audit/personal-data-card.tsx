import { PERSON_IS_MEMBER, type PersonalDataErasure, personalDataRequestSchema } from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { auditKeys, downloadPersonalData, erasePersonalData } from './api';
import './resources';

/**
 * The answer to a person's request: their data as one archive, or its erasure (confirmed first), in one
 * team, or in every team for a site administrator (`teamId` null).
 */
export function PersonalDataCard({ teamId }: { teamId: number | null }) {
  const isSite = teamId === null;
  const { t } = useTranslation('audit');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  // The erasure's counts stay in the card until the next request: a toast would leave before a reader has
  // taken them in, and on a phone it covered the header's buttons for its 8 s.
  const [erased, setErased] = useState<string | null>(null);
  const parsed = personalDataRequestSchema.safeParse({ email });
  const address = parsed.success ? parsed.data.email : null;
  const onError = (error: unknown) =>
    void message.error(
      error instanceof ApiError && error.code === PERSON_IS_MEMBER
        ? t('personal.isMember')
        : t('personal.failed'),
    );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  const exporting = useMutation({
    mutationFn: (to: string) => downloadPersonalData(teamId, to),
    onSuccess: () => {
      refresh();
      void message.success(t('personal.exported'));
    },
    onError,
  });
  const erasing = useMutation({
    mutationFn: (to: string) => {
      setErased(null);
      return erasePersonalData(teamId, to);
    },
    onSuccess: (done: PersonalDataErasure) => {
      refresh();
      setEmail('');
      setErased(
        t(isSite ? 'personal.erasedSite' : 'personal.erased', {
          teams: t('personal.teams', { count: done.teams }),
          judges: t('personal.judges', { count: done.judges }),
          answers: t('personal.answers', { count: done.answers }),
          items: t('personal.items', { count: done.items }),
          files: t('personal.files', { count: done.files }),
          emails: t('personal.emails', { count: done.emails }),
        }),
      );
    },
    onError,
  });

  return (
    <Card title={t('personal.title')} className="sl-audit-personal" data-testid="personal-data">
      <Typography.Paragraph type="secondary">
        {t(isSite ? 'personal.introSite' : 'personal.intro')}
      </Typography.Paragraph>
      <Form layout="vertical" onSubmitCapture={(event) => event.preventDefault()}>
        <Form.Item label={t('personal.email')} htmlFor="personal-data-email">
          <Input
            id="personal-data-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            style={{ maxWidth: 360 }}
          />
        </Form.Item>
        <Space wrap>
          <Button
            disabled={!address}
            loading={exporting.isPending}
            onClick={() => address && exporting.mutate(address)}
            data-testid="personal-data-export"
          >
            {t('personal.export')}
          </Button>
          <Popconfirm
            title={t(isSite ? 'personal.eraseConfirmTitleSite' : 'personal.eraseConfirmTitle', {
              email: address ?? '',
            })}
            description={<div style={{ maxWidth: 320 }}>{t('personal.eraseConfirm')}</div>}
            okText={t('personal.eraseOk')}
            okButtonProps={{ danger: true }}
            cancelText={t('personal.cancel')}
            disabled={!address}
            onConfirm={() => address && erasing.mutate(address)}
          >
            <Button danger disabled={!address} loading={erasing.isPending} data-testid="personal-data-erase">
              {t('personal.erase')}
            </Button>
          </Popconfirm>
        </Space>
      </Form>
      <div role="status" className="sl-audit-erased">
        {erased && <Alert type="success" showIcon message={erased} style={{ marginTop: 16 }} />}
      </div>
    </Card>
  );
}
