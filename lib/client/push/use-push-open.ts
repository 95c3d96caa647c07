'use client';

import { useSyncExternalStore } from 'react';
import { onPushState, pushIsOpen } from './push-client';

/** Whether the push socket is open now (false on the server render). */
export function usePushOpen(): boolean {
  return useSyncExternalStore(onPushState, pushIsOpen, () => false);
}
