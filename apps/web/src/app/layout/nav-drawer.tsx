import type { Team } from '@shortlist/contract';
import { Drawer, Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { TeamSwitcher } from './team-switcher';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  footer: ReactNode;
  items: ItemType[];
  selectedKey: string;
  teams: Team[];
  teamId: number | null;
}

/** The navbar's links in a drawer, below 1200 px (navbar.tsx). */
export function NavDrawer({
  open,
  onClose,
  title,
  footer,
  items,
  selectedKey,
  teams,
  teamId,
}: NavDrawerProps) {
  const { t } = useTranslation();
  // A new page closes it: a link, or the team switcher, which goes to the other workspace's list.
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== shownPath.current) onClose();
    shownPath.current = pathname;
  }, [pathname, onClose]);
  return (
    <Drawer open={open} onClose={onClose} title={title} size={280} footer={footer}>
      <TeamSwitcher teams={teams} currentId={teamId} />
      <nav aria-label={t('nav.label')}>
        <Menu
          mode="vertical"
          selectedKeys={[selectedKey]}
          items={items}
          onClick={onClose}
          className="sl-drawer-menu"
        />
      </nav>
    </Drawer>
  );
}
