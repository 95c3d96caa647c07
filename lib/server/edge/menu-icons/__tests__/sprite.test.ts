import {
  MENU_ICON_FALLBACK,
  MENU_ICON_NAMES,
  MENU_ICONS_URL,
  menuIconName,
} from '@/lib/shared/menu/menu-icons';
import { menuIconSprite } from '../sprite';

describe('the menu icon sprite (app/menu-icons.svg)', () => {
  const sprite = menuIconSprite();

  it('holds one symbol per menu icon name, with antd’s view box and its shape', () => {
    const ids = [...sprite.matchAll(/<symbol id="([A-Za-z]+)" viewBox="64 64 896 896">/g)].map(
      (m) => m[1],
    );
    expect(ids).toEqual([...MENU_ICON_NAMES]);
    for (const body of sprite.split('<symbol').slice(1))
      expect(body).toMatch(/^[^>]*><path d="M[\d.\s\-A-Za-z,]+"><\/path>/);
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
  });

  it('gives an unknown or missing name the fallback icon', () => {
    expect(menuIconName('TeamOutlined')).toBe('TeamOutlined');
    expect(menuIconName('NoSuchIcon')).toBe(MENU_ICON_FALLBACK);
    expect(menuIconName('constructor')).toBe(MENU_ICON_FALLBACK);
    expect(menuIconName(null)).toBe(MENU_ICON_FALLBACK);
  });

  it('is addressed by a hash of the list, so a cached sprite is never stale', () => {
    expect(MENU_ICONS_URL).toMatch(/^\/menu-icons\.svg\?v=[0-9a-z]+$/);
  });
});
