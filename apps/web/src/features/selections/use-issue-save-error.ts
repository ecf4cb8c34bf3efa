import { ALREADY_HAS_COMMENTS, ALREADY_HAS_ISSUE_ACCESSES } from '@shortlist/contract';
import { App } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { getFieldErrors, joinFieldMessages } from '../../lib/api-errors';
import './resources';

const REFUSAL_SECONDS = 12;
const FIELD_ERROR_SECONDS = 8;

/**
 * Why a selection could not be saved (spec §8): the two refusals for 12 seconds, the server's field
 * messages one per line for 8 seconds, otherwise the generic error.
 */
export function useIssueSaveError() {
  const { t } = useTranslation('selections');
  const { message } = App.useApp();
  return (error: unknown) => {
    const code = error instanceof ApiError ? error.code : undefined;
    if (code === ALREADY_HAS_COMMENTS || code === ALREADY_HAS_ISSUE_ACCESSES) {
      const key = code === ALREADY_HAS_COMMENTS ? 'dialog.alreadyHasComments' : 'dialog.alreadyHasAccesses';
      void message.error({ content: t(key), duration: REFUSAL_SECONDS });
      return;
    }
    const errors = getFieldErrors(error);
    void message.error({
      content: errors
        ? createElement(
            'span',
            { className: 'sl-pre-line' },
            joinFieldMessages(errors, '\n', Object.keys(errors)),
          )
        : t('common.error', { ns: 'translation' }),
      duration: errors ? FIELD_ERROR_SECONDS : undefined,
    });
  };
}
