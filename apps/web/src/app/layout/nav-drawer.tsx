import type { Team } from '@shortlist/contract';
import { Drawer, Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  return (
    <Drawer open={open} onClose={onClose} title={title} size={280} footer={footer}>
      <TeamSwitcher teams={teams} currentId={teamId} onSwitched={onClose} />
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
