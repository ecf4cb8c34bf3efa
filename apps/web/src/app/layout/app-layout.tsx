import { Layout } from 'antd';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { VersionBanner } from '../version/version-banner';
import { ContactBox } from './contact-box';
import { LanguageSwitcher } from './language-switcher';
import { useRouteFlags } from './route-flags';

// Public pages show neither: their menus, team switcher and links stay out of those pages' downloads.
const Navbar = lazy(() => import('./navbar').then((m) => ({ default: m.Navbar })));
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

/** The shell around every page; routes hide or move its parts through their `handle` flags. */
export function AppLayout() {
  const flags = useRouteFlags();
  return (
    <Layout className="sl-layout">
      <VersionBanner />
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
      <Layout.Content className="sl-content">
        <Outlet />
      </Layout.Content>
      {!flags.hideFooter && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {!flags.hideContactBox && (
        <ContactBox isHigh={flags.contactBoxHigh} isInFlow={flags.contactBoxInFlow} />
      )}
    </Layout>
  );
}
