import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { isVersionMismatch, useServerVersion } from '../../lib/version/version-store';
import { lazyWithAntd } from '../with-antd';
import { ContactLauncher } from './contact-launcher';
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
        <ContactLauncher box={ContactBox} isHigh={flags.contactBoxHigh} isInFlow={flags.contactBoxInFlow} />
      )}
    </div>
  );
}
