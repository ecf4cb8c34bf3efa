import type { ItemType } from 'antd/es/menu/interface';

/**
 * The navbar's links in a row, drawn as Ant Design's horizontal Menu draws them (styles.css, `.sl-menu`)
 * without its module: the menu, its overflow and its popups were about 18 KiB (compressed) of every admin
 * page's first visit, for a row of links that never folds (navbar.tsx). The narrow screens' drawer keeps
 * the Menu (nav-drawer.tsx), loaded when it opens.
 */
export function NavLinks({ items, selectedKey }: { items: ItemType[]; selectedKey: string }) {
  return (
    <ul className="sl-menu">
      {items.map((item) =>
        item && 'label' in item ? (
          <li
            key={item.key}
            className={item.key === selectedKey ? 'sl-menu-item sl-menu-item-selected' : 'sl-menu-item'}
          >
            {item.label}
          </li>
        ) : null,
      )}
    </ul>
  );
}
