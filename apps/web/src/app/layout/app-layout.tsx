import { Layout } from 'antd';
import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { isVersionMismatch, useServerVersion } from '../../lib/version/version-store';
import { ContactLauncher } from './contact-launcher';
import { LanguageSwitcher } from './language-switcher';
import { useRouteFlags } from './route-flags';

// Public pages show neither: their menus, team switcher and links stay out of those pages' downloads.
const Navbar = lazy(() => import('./navbar').then((m) => ({ default: m.Navbar })));
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));
// Loaded when needed: the contact panel's form when its button is pressed, the banner after a release.
const ContactBox = lazy(() => import('./contact-box').then((m) => ({ default: m.ContactBox })));
const VersionBanner = lazy(() =>
  import('../version/version-banner').then((m) => ({ default: m.VersionBanner })),
);

/** The shell around every page; routes hide or move its parts through their `handle` flags. */
export function AppLayout() {
  const flags = useRouteFlags();
  const isOutdated = isVersionMismatch(useServerVersion());
  // The page stays while the next one's code and first data load: say so to assistive technology.
  const isLoadingNext = useNavigation().state === 'loading';
  return (
    <Layout className="sl-layout">
      {isOutdated && (
        <Suspense fallback={null}>
          <VersionBanner />
        </Suspense>
      )}
      {flags.hideNavbar ? (
        !flags.hideLanguageSwitcher && (
          <div className="sl-floating-language">
            <LanguageSwitcher />
          </div>
        )
      ) : (
        <Suspense fallback={<div className="sl-navbar" />}>
          <Navbar showLanguageSwitcher={!flags.hideLanguageSwitcher} />
        </Suspense>
      )}
      <Layout.Content className="sl-content" aria-busy={isLoadingNext || undefined}>
        <Outlet />
      </Layout.Content>
      {!flags.hideFooter && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {!flags.hideContactBox && (
        <ContactLauncher box={ContactBox} isHigh={flags.contactBoxHigh} isInFlow={flags.contactBoxInFlow} />
      )}
    </Layout>
  );
}
