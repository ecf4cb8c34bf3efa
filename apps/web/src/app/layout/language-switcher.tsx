import type { Language } from '@shortlist/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n/use-language';
import { BritishFlag, FrenchFlag } from './flag-icons';

/** Language names stay in their own language, whatever the interface language. */
const CHOICES: { language: Language; label: string; flag: ReactNode }[] = [
  { language: 'en', label: 'English', flag: <BritishFlag /> },
  { language: 'fr', label: 'Français', flag: <FrenchFlag /> },
];

/**
 * Two flag buttons, the current one pressed. Plain HTML: the public pages show it without loading Ant
 * Design (docs/performance.md).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const [current, setLanguage] = useLanguage();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend would be drawn or need hiding; the group's name is enough
    <div className="sl-language-switcher" role="group" aria-label={t('language.label')}>
      {CHOICES.map((choice) => (
        <button
          key={choice.language}
          type="button"
          className="sl-language-button"
          title={choice.label}
          aria-label={choice.label}
          aria-pressed={choice.language === current}
          lang={choice.language}
          data-testid={`language-${choice.language}`}
          onClick={() => setLanguage(choice.language)}
        >
          {choice.flag}
        </button>
      ))}
    </div>
  );
}
