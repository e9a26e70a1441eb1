// The top menu (spec 000 §2) as Ant Design menus: horizontal in the header on wide screens, inline in
// the drawer on narrow ones. Only entries the guard allows for this user and partner are built.
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { usage } from '../../lib/usage/usage';
import { appText } from '../locale';
import { isGroup, TOP_MENU, visibleMenu, type MenuEntry, type MenuLink } from '../menu/menu-items';
import { useGuardSession } from '../routing/guard-session';

interface Here {
  pathname: string;
  search: string;
}

/** How well a link matches the current page: 0 none, 1 a parent path, 2 the path, 3 path and query. */
function score(link: MenuLink, here: Here): number {
  const [path = '/', query] = link.to.split('?');
  const params = new URLSearchParams(here.search);
  const queryMatches = query ? [...new URLSearchParams(query)].every(([k, v]) => params.get(k) === v) : false;
  if (here.pathname === path) return queryMatches ? 3 : query ? 0 : 2;
  return path !== '/' && here.pathname.startsWith(`${path}/`) ? 1 : 0;
}

export function selectedMenuKeys(entries: readonly MenuEntry[], here: Here): string[] {
  let best: { key: string; score: number } | null = null;
  for (const link of entries.flatMap((e) => (isGroup(e) ? e.children : [e]))) {
    const s = score(link, here);
    if (s > 0 && (!best || s > best.score)) best = { key: link.key, score: s };
  }
  return best ? [best.key] : [];
}

export function TopMenu({ mode, onNavigate }: { mode: 'horizontal' | 'inline'; onNavigate?: () => void }) {
  const session = useGuardSession();
  const location = useLocation();
  const entries = visibleMenu(TOP_MENU, session);
  const link = (l: MenuLink) => ({
    key: l.key,
    label: (
      <Link
        to={l.to}
        onClick={() => {
          usage.track('click', 'top_menu', { item: l.key });
          onNavigate?.();
        }}
      >
        {l.label}
      </Link>
    ),
  });
  const items: MenuProps['items'] = entries.map((e) =>
    isGroup(e) ? { key: e.key, label: e.label, children: e.children.map(link) } : link(e),
  );
  return (
    <Menu
      className={`top-menu top-menu--${mode}`}
      mode={mode}
      items={items}
      selectedKeys={selectedMenuKeys(entries, location)}
      aria-label={appText.menu.ariaLabel}
      disabledOverflow={false}
    />
  );
}
