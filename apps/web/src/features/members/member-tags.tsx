import type { Member } from '@shortlist/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './resources';

export function RoleTag({ role }: { role: Member['role'] }) {
  const { t } = useTranslation('members');
  return <Tag color="blue">{t(`roles.${role.key}`)}</Tag>;
}

/** Only a membership that is not yet (or no longer) active gets a status tag. */
export function MemberStatusTag({ status }: { status: Member['status'] }) {
  const { t } = useTranslation('members');
  if (status === 'accepted') return null;
  return <Tag color={status === 'pending' ? 'gold' : 'default'}>{t(`statuses.${status}`)}</Tag>;
}
