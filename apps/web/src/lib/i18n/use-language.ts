import type { Language, User } from '@shortlist/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPatch } from '../api-client';
import { ME_QUERY_KEY } from '../auth/use-current-user';
import { applyLanguage, toLanguage } from './language';

/**
 * The current language and a setter that also stores it on the signed-in user.
 * The user update is best effort: failures are ignored, as the spec asks.
 */
export function useLanguage(): [Language, (language: Language) => void] {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();

  const setLanguage = (language: Language) => {
    applyLanguage(language);
    const me = queryClient.getQueryData<User>(ME_QUERY_KEY);
    if (!me || me.language === language) return;
    queryClient.setQueryData<User>(ME_QUERY_KEY, { ...me, language });
    apiPatch<User>(`users/${me.id}/`, { language }).catch(() => {});
  };

  return [toLanguage(i18n.resolvedLanguage), setLanguage];
}
