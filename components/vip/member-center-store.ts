'use client';

import { useSyncExternalStore } from 'react';

/**
 * Who opens the member centre's cash modal: 开通会员 in the top bar, 前往 in 解锁额度不足. The
 * modal lives in a host the shell mounts; where none is mounted (a public page), the member
 * centre page opens instead.
 */
let open = false;
let hosts = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function openMemberCenter(): void {
  if (hosts === 0) {
    // A public page has no shell: a full load of the member centre page brings the shell along.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/memberCenter');
    return;
  }
  open = true;
  emit();
}

export function closeMemberCenter(): void {
  open = false;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the host: whether the modal is open. Counts the mounted hosts while it is mounted. */
export function useMemberCenterOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}

export function registerMemberCenterHost(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
  };
}
