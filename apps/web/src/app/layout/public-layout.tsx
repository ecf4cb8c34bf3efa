import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { isVersionMismatch, useServerVersion } from '../version/version-store';
import { lazyWithAntd } from '../with-antd';
import { contactButtonClass } from './contact-button-class';
import { LanguageSwitcher } from './language-switcher';
import { useRouteFlags } from './route-flags';
import './public-layout.css';

const ContactBox = lazyWithAntd(() => import('./contact-box').then((m) => m.ContactBox));
const VersionBanner = lazyWithAntd(() => import('../version/version-banner').then((m) => m.VersionBanner));

/**
 * The shell of the public pages when they are the first page opened (app/public-app.tsx): no Ant Design
 * of its own; the language switcher is plain HTML, the contact panel and the version banner load when
 * they are needed.
 */
export function PublicLayout() {
  const flags = useRouteFlags();
  const isOutdated = isVersionMismatch(useServerVersion());
  return (
    <div className="sl-layout sl-public-layout">
      {isOutdated && (
        <Suspense fallback={null}>
          <VersionBanner />
        </Suspense>
      )}
      {!flags.hideLanguageSwitcher && (
        <div className="sl-floating-language">
          <LanguageSwitcher />
        </div>
      )}
      <main className="sl-content">
        <Outlet />
      </main>
      {!flags.hideContactBox && (
        <PublicContact isHigh={flags.contactBoxHigh} isInFlow={flags.contactBoxInFlow} />
      )}
    </div>
  );
}

/** The contact button, plain until pressed; then the panel (Ant Design) loads and opens. */
function PublicContact({ isHigh = false, isInFlow = false }: { isHigh?: boolean; isInFlow?: boolean }) {
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
      <ContactBox isHigh={isHigh} isInFlow={isInFlow} isInitiallyOpen />
    </Suspense>
  );
}
