import type { EmailVerificationStatus } from '@shortlist/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import './email-check-i18n';

const COLORS = { pen: 'orange', pro: 'orange', ver: 'green', inv: 'red' } as const;

/**
 * Whether a judge's or a respondent's e-mail address was checked: nothing while unconcerned (unc), else
 * pending, verified or invalid. Its words are the shell's, so that a page showing it loads no feature's texts.
 */
export function VerificationTag({ status }: { status: EmailVerificationStatus }) {
  const { t } = useTranslation();
  if (status === 'unc') return null;
  return (
    // What the badge means (issue 56, point 9: "Pending" alone said nothing); focusable so keys show it too.
    <Tooltip title={t(status, { ns: 'emailCheck' })}>
      <Tag color={COLORS[status]} data-testid="email-check" tabIndex={0}>
        {t(`emailCheck.${status}`)}
      </Tag>
    </Tooltip>
  );
}
