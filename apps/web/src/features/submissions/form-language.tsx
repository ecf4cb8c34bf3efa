import type { Language } from '@shortlist/contract';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';

/** The form speaks its own language_code, whatever the visitor's interface language. */
export function FormLanguage({ language, children }: { language: Language; children: ReactNode }) {
  const { i18n } = useTranslation();
  const instance = useMemo(() => i18n.cloneInstance({ lng: language }), [i18n, language]);
  return (
    <I18nextProvider i18n={instance}>
      <div lang={language}>{children}</div>
    </I18nextProvider>
  );
}
