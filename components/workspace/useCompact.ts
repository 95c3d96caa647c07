'use client';

import { useMediaQuery } from '@/lib/client/media-query';

/**
 * Whether the screen is a phone's: below antd's `md` breakpoint, 768 px (spec: ≤ 768 px). Unlike
 * antd's Grid.useBreakpoint (a forced update in a layout effect), the right guess hydrates without
 * rendering the whole shell a second time. The server and the first client render take the
 * server's guess from the request (`isPhoneRequest`); a wrong guess renders once more.
 */
export function useCompact(phoneGuess: boolean): boolean {
  return !useMediaQuery('(min-width: 768px)', !phoneGuess);
}
