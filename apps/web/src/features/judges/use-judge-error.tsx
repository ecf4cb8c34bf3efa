import { EMAIL_REFUSED, JUDGE_ALREADY_SUBMITTED, NO_INVITATIONS_LEFT, NO_ITEMS } from '@shortlist/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { getErrorDetail, getFieldErrors, joinFieldMessages } from '../../lib/api-errors';
import './resources';

type Fallback = 'accessFailed' | 'inviteFailed' | 'removeFailed' | 'add.failed';

/** Shows why a change to judges failed: the spec's message for known refusals, else the fallback. */
export function useJudgeError() {
  const { t } = useTranslation('judges');
  const { message } = App.useApp();
  return (error: unknown, fallback: Fallback) => {
    const code = error instanceof ApiError ? error.code : undefined;
    const fields = getFieldErrors(error);
    const known: Record<string, string> = {
      [JUDGE_ALREADY_SUBMITTED]: t('alreadySubmitted'),
      [NO_ITEMS]: t('noItems'),
      [NO_INVITATIONS_LEFT]: t('noInvitationsLeft'),
      [EMAIL_REFUSED]: t('emailRefused'),
    };
    const detail = fields ? joinFieldMessages(fields) : getErrorDetail(error);
    const text = (code && known[code]) || [t(fallback), detail].filter(Boolean).join('\n');
    void message.error({ content: <span style={{ whiteSpace: 'pre-line' }}>{text}</span>, duration: 8 });
  };
}
