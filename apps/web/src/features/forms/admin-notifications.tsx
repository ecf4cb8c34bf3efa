import {
  NOTIFICATION_FREQUENCIES,
  type NotificationFrequency,
  type NotificationSettingPatch,
} from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Radio, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../lib/layout/load-error';
import { useCurrentTeam } from '../teams/team-context';
import {
  createNotificationSetting,
  fetchNotificationSettings,
  formKeys,
  type NotificationSubject,
  updateNotificationSetting,
} from './api';
import './resources';

/**
 * Whether the team's admins are told about a form's new responses, or a selection's new submissions,
 * at once or in a daily digest.
 */
export function AdminNotifications({ subject }: { subject: NotificationSubject }) {
  const type = 'form' in subject ? 'new_form_submissions' : 'new_selection_submissions';
  const label = 'form' in subject ? 'notifications.newSubmissions' : 'notifications.newSelectionSubmissions';
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const team = useCurrentTeam();
  const queryClient = useQueryClient();
  const queryKey = formKeys.notifications(team.id, subject);
  const settings = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchNotificationSettings(subject, signal),
  });
  const setting = settings.data?.results.find((candidate) => candidate.type === type);
  const save = useMutation({
    mutationFn: (patch: Required<NotificationSettingPatch>) =>
      setting
        ? updateNotificationSetting(setting.id, patch)
        : createNotificationSetting({ ...subject, type, ...patch }),
    onSuccess: () => {
      void message.success(tc('common.saved'));
      return queryClient.invalidateQueries({ queryKey });
    },
    onError: () => void message.error(tc('common.error')),
  });

  if (settings.isError) return <LoadError onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton active />;
  const isActive = setting?.active ?? false;
  const frequency: NotificationFrequency = setting?.frequency ?? 'immediate';

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center">
        <Switch
          checked={isActive}
          loading={save.isPending}
          onChange={(active) => save.mutate({ active, frequency })}
          aria-label={t(label)}
          data-testid="admin-notifications-switch"
        />
        <Typography.Text>{t(label)}</Typography.Text>
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('notifications.frequency')}</Typography.Text>
        <Radio.Group
          value={frequency}
          disabled={!isActive || save.isPending}
          onChange={(event) => save.mutate({ active: isActive, frequency: event.target.value })}
          options={NOTIFICATION_FREQUENCIES.map((value) => ({ value, label: t(`notifications.${value}`) }))}
          data-testid="admin-notifications-frequency"
        />
      </Flex>
    </Flex>
  );
}
