import type { EmailVerificationStatus, Judge } from '@shortlist/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../app/i18n/judges-resources';

const VERIFICATION_COLORS = { pen: 'orange', pro: 'orange', ver: 'green', inv: 'red' } as const;

/**
 * The e-mail verification code of a judge or a respondent: nothing while unconfirmed (unc), else pending,
 * verified or invalid.
 */
export function VerificationTag({ status }: { status: EmailVerificationStatus }) {
  const { t } = useTranslation('judges');
  if (status === 'unc') return null;
  return (
    <Tooltip title={t('verificationHint')}>
      <Tag color={VERIFICATION_COLORS[status]} data-testid="judge-verification">
        {t(`verification.${status}`)}
      </Tag>
    </Tooltip>
  );
}

export function judgeStatusOf(judge: Judge) {
  if (judge.has_submitted) return 'answered' as const;
  return judge.nb_invitations > 0 ? ('invited' as const) : ('not_invited' as const);
}

const STATUS_COLORS = { answered: 'green', invited: 'blue', not_invited: 'default' } as const;

export function JudgeStatusTag({ judge }: { judge: Judge }) {
  const { t } = useTranslation('judges');
  const status = judgeStatusOf(judge);
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="judge-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
