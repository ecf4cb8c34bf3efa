import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { VersionBanner } from '../version/version-banner';
import { ContactBox } from './contact-box';
import { Footer } from './footer';
import { LanguageSwitcher } from './language-switcher';
import { Navbar } from './navbar';
import { useRouteFlags } from './route-flags';

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
        <Navbar showLanguageSwitcher={!flags.hideLanguageSwitcher} />
      )}
      <Layout.Content className="sl-content">
        <Outlet />
      </Layout.Content>
      {!flags.hideFooter && <Footer />}
      {!flags.hideContactBox && <ContactBox isHigh={flags.contactBoxHigh} />}
    </Layout>
  );
}
