import type { Team } from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Card, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiPatch } from '../../lib/api-client';
import { getFieldErrors } from '../../lib/api-errors';
import { teamKeys } from '../teams/api';
import { useSsoProviders } from './use-sso-providers';
import './resources';

/**
 * The team's "sign in only through the identity provider" switch (decision 82), for its admins on
 * the members page. Shown when the server has a provider, or while the switch is on (to turn it off).
 */
export function TeamSsoSetting({ team }: { team: Team }) {
  const { t } = useTranslation('sso');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const providers = useSsoProviders();
  const save = useMutation({
    mutationFn: (isOn: boolean) => apiPatch<Team>(`teams/${team.id}/`, { sso_only: isOn }),
    onSuccess: (updated) => {
      queryClient.setQueryData(teamKeys.detail(team.id), updated);
      void message.success(t('setting.saved'));
    },
    onError: (error) =>
      void message.error(getFieldErrors(error)?.sso_only?.[0] ?? t('common.error', { ns: 'translation' })),
  });
  const labels = providers.data?.map((provider) => provider.label) ?? [];
  if (labels.length === 0 && !team.sso_only) return null;

  return (
    <Card size="small" title={t('setting.title')} className="sl-sso-setting" data-testid="sso-setting">
      <Space align="start">
        <Switch
          id="sso-only"
          checked={team.sso_only}
          loading={save.isPending}
          onChange={(isOn) => save.mutate(isOn)}
        />
        <div>
          <label htmlFor="sso-only">{t('setting.label')}</label>
          <div className="sl-sso-setting-help">
            <Typography.Text type="secondary">
              {t('setting.help')}{' '}
              {labels.length > 0
                ? t('setting.providers', { labels: labels.join(', ') })
                : t('setting.noProvider')}
            </Typography.Text>
          </div>
        </div>
      </Space>
    </Card>
  );
}
