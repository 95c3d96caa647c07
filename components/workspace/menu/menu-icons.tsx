import { MENU_ICONS_URL, menuIconName } from '@/lib/shared/menu/menu-icons';

/**
 * A menu entry's icon, drawn from the cached sprite (app/menu-icons.svg): no icon code in the
 * page's JavaScript. Sized and aligned as antd's icons are (1em, the text's colour).
 */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  return (
    <svg className="ws-sprite-icon" width="1em" height="1em" aria-hidden="true" focusable="false">
      <use href={`${MENU_ICONS_URL}#${menuIconName(name)}`} />
    </svg>
  );
}
