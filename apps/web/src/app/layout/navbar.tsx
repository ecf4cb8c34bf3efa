import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useIsSignedIn } from '../../lib/auth/token-storage';
import { useCurrentUser } from '../../lib/auth/use-current-user';
import { ButtonLink } from '../../lib/layout/button-link';
import { lazyDialog } from '../../lib/lazy-dialog';
import { useSignOut } from '../auth/use-sign-out';
import { LanguageSwitcher } from './language-switcher';
import { NavLinks } from './nav-links';
import { TeamSwitcher } from './team-switcher';
import { useNavItems } from './use-nav-items';

// The links' drawer of narrow screens, loaded the first time it opens.
const NavDrawer = lazyDialog(
  () => import('./nav-drawer').then((m) => m.NavDrawer),
  (props) => props.open,
);

/** Top bar: brand, team switcher, links, language, user and logout; a drawer menu on small screens. */
export function Navbar({ showLanguageSwitcher = true }: { showLanguageSwitcher?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isSignedIn = useIsSignedIn();
  const { data: me } = useCurrentUser();
  const { items, teams, teamId } = useNavItems();
  const signOut = useSignOut();
  // Below 1200 px the links go to a drawer: no link is ever folded away behind "···" (the folded ones
  // stayed focusable while hidden from screen readers).
  const isWide = Grid.useBreakpoint().xl ?? true;
  const [isMenuOpen, setMenuOpen] = useState(false);

  const logoutButton = (
    <Button icon={<LogoutOutlined />} onClick={signOut} data-testid="logout">
      {t('nav.logout')}
    </Button>
  );

  return (
    <Layout.Header className="sl-navbar">
      <Link to="/" className="sl-brand" aria-label={t('nav.home')}>
        <BrandMark />
        <span>{t('app.name')}</span>
      </Link>
      {isWide && isSignedIn && <TeamSwitcher teams={teams} currentId={teamId} />}
      {isWide && (
        <nav aria-label={t('nav.label')} className="sl-nav">
          <NavLinks items={items} selectedKey={pathname} />
        </nav>
      )}
      <div className="sl-navbar-end">
        {showLanguageSwitcher && <LanguageSwitcher />}
        {isSignedIn && isWide && (
          <>
            {me && (
              <Typography.Text className="sl-username" title={me.username}>
                {me.username}
              </Typography.Text>
            )}
            {logoutButton}
          </>
        )}
        {isSignedIn && !isWide && (
          <Button
            icon={<MenuOutlined />}
            aria-label={t('nav.openMenu')}
            aria-expanded={isMenuOpen}
            onClick={() => setMenuOpen(true)}
          />
        )}
        {!isSignedIn && !pathname.startsWith('/login') && (
          <ButtonLink type="primary" to="/login">
            {t('nav.login')}
          </ButtonLink>
        )}
      </div>
      {!isWide && (
        <NavDrawer
          open={isMenuOpen}
          onClose={() => setMenuOpen(false)}
          title={me?.username ?? t('app.name')}
          footer={logoutButton}
          items={items}
          selectedKey={pathname}
          teams={teams}
          teamId={teamId}
        />
      )}
    </Layout.Header>
  );
}

/** The app's mark (public/favicon.svg) drawn in place: as an image it was one more request on every page. */
function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" width={28} height={28} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#1668dc" />
      <path d="M9 10h14M9 16h10M9 22h6" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
