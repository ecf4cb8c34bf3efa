import type { IntakeForm } from '@shortlist/contract';
import { Grid, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminNotifications } from './admin-notifications';
import { AfterSubmitMessage } from './after-submit-message';
import { RespondentNotifications } from './respondent-notifications';
import './resources';

/** The notifications tab: the admins' alerts, the respondent's e-mail, the message after sending. */
export function NotificationsTab({ form }: { form: IntakeForm }) {
  const { t } = useTranslation('forms');
  // On a phone the side list would take most of the width from the form beside it.
  const isWide = Grid.useBreakpoint().md ?? true;
  return (
    <Tabs
      tabPlacement={isWide ? 'start' : 'top'}
      items={[
        {
          key: 'admin',
          label: t('notifications.admin'),
          children: <AdminNotifications subject={{ form: form.id }} />,
        },
        {
          key: 'respondent',
          label: <span data-testid="notifications-respondent">{t('notifications.respondent')}</span>,
          children: <RespondentNotifications form={form} />,
        },
        {
          key: 'afterSave',
          label: t('notifications.afterSave'),
          children: <AfterSubmitMessage form={form} />,
        },
      ]}
    />
  );
}
