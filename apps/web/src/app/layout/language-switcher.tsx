import type { Language } from '@shortlist/contract';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import { BritishFlag, FrenchFlag } from './flag-icons';

/** Language names stay in their own language, whatever the interface language. */
const CHOICES: { language: Language; label: string; flag: ReactNode }[] = [
  { language: 'en', label: 'English', flag: <BritishFlag /> },
  { language: 'fr', label: 'Français', flag: <FrenchFlag /> },
];

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const [current, setLanguage] = useLanguage();
  return (
    <Space.Compact role="group" aria-label={t('language.label')}>
      {CHOICES.map((choice) => (
        <Tooltip key={choice.language} title={choice.label}>
          <Button
            type={choice.language === current ? 'default' : 'text'}
            aria-label={choice.label}
            aria-pressed={choice.language === current}
            lang={choice.language}
            data-testid={`language-${choice.language}`}
            icon={choice.flag}
            onClick={() => setLanguage(choice.language)}
          />
        </Tooltip>
      ))}
    </Space.Compact>
  );
}
