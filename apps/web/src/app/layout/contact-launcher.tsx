import { type ComponentType, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactButtonClass } from './contact-button-class';
import './contact-launcher.css';

export interface ContactBoxProps {
  isHigh?: boolean;
  isInFlow?: boolean;
  isInitiallyOpen?: boolean;
}

/**
 * The contact button, plain HTML until pressed; then the panel (`box`, a lazy ContactBox: Ant Design's
 * form, input and card) loads and opens. No page pays for the panel that most people never open.
 */
export function ContactLauncher({
  box: Box,
  isHigh = false,
  isInFlow = false,
}: {
  box: ComponentType<ContactBoxProps>;
  isHigh?: boolean;
  isInFlow?: boolean;
}) {
  const { t } = useTranslation();
  const [isWanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      className={contactButtonClass('sl-contact-button', { isHigh, isInFlow })}
      aria-label={t('contact.open')}
      title={t('contact.open')}
      aria-expanded={false}
      data-testid="contact-open"
      onClick={() => setWanted(true)}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 6v2h2V9zm4 0v2h2V9zm4 0v2h2V9z"
        />
      </svg>
    </button>
  );
  if (!isWanted) return button;
  return (
    <Suspense fallback={button}>
      <Box isHigh={isHigh} isInFlow={isInFlow} isInitiallyOpen />
    </Suspense>
  );
}
