'use client';

import { useMediaQuery } from '@/lib/client/media-query';

/**
 * Whether the screen is a phone's: below antd's `md` breakpoint, 768 px (spec: ≤ 768 px). Unlike
 * antd's Grid.useBreakpoint (a forced update in a layout effect), a wide screen hydrates without
 * rendering the whole shell a second time; the server and the first client render assume a wide
 * screen, as antd's hook did.
 */
export function useCompact(): boolean {
  return !useMediaQuery('(min-width: 768px)', true);
}
