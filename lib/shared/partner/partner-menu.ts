import type { MenuItem } from '@/lib/shared/menu/menu-types';
import type { PartnerPage } from './partner-settings';

/** Menu ids of partner pages: made up per request, far above the seeded ones. */
export const PARTNER_MENU_ID_BASE = 900_000;

/**
 * The menu tree with an entry per configured partner page, placed beside the section's hidden
 * `/{section}/:src` entry (so it shares its parents, breadcrumb and the roles that may see it).
 * No partner, no entry: a menu never leads to a page that is not there (ADR 0206).
 */
export function withPartnerPages(
  tree: readonly MenuItem[],
  pages: readonly PartnerPage[],
): MenuItem[] {
  let next = PARTNER_MENU_ID_BASE;
  const walk = (items: readonly MenuItem[]): MenuItem[] =>
    items.flatMap((item) => {
      const own = { ...item, children: walk(item.children) };
      const section = pages.filter((p) => item.path === `/${p.section}/:src`);
      const added = section.map((p): MenuItem => ({
        ...item,
        id: (next += 1),
        name: p.title,
        path: `/${p.section}/${p.src}`,
        visible: true,
        clickable: true,
        badge: null,
        children: [],
      }));
      return [own, ...added];
    });
  return pages.length ? walk(tree) : [...tree];
}
