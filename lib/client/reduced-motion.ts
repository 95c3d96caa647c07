'use client';

import { useMediaQuery } from './media-query';

/**
 * Whether the visitor asked their system for less motion. antd's zooms and slides are then
 * turned off (its `motion` token), as WCAG 2.3.3 suggests; the server and hydration assume motion,
 * so nothing differs until the page is alive.
 */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', false);
}
