import { menuIconSprite } from '@/lib/server/edge';

/**
 * The side menu's icons as one SVG sprite (lib/shared/menu/menu-icons.ts). Its address carries a
 * hash of the icon list, so browsers keep it for good; it is the same for everyone and holds
 * nothing private.
 */
export function GET(): Response {
  return new Response(menuIconSprite(), {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
}
