import { MAX_FIELDS_PER_ITEM_TYPE } from '@shortlist/contract';
import { App } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { getErrorDetail, getFieldErrors, joinFieldMessages } from '../../lib/api-errors';
import './resources';

const FIELD_ERROR_SECONDS = 6;

/** Shows why a field could not be saved: the server's messages, one per line, for 6 seconds (spec §8). */
export function useShowSaveError() {
  const { t } = useTranslation('itemTypes');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  return (error: unknown) => {
    const errors = getFieldErrors(error);
    const isTooMany = error instanceof ApiError && error.code === 'MAX_FIELDS';
    const text = errors
      ? joinFieldMessages(errors)
      : isTooMany
        ? t('maxFields', { max: MAX_FIELDS_PER_ITEM_TYPE })
        : (getErrorDetail(error) ?? tc('common.error'));
    void message.error({
      content: createElement('span', { className: 'sl-pre-line' }, text),
      duration: FIELD_ERROR_SECONDS,
    });
  };
}
