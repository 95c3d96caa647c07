'use client';

import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/client/session';
import {
  DEFAULT_LAYOUT_SETTINGS,
  mergeSettings,
  splitSettingsPatch,
  type LayoutSettings,
  type ServerLayoutSettings,
} from '@/lib/shared/workspace/layout-settings';
import { onSavedSettingsAnnounced } from './cross-tab';
import { localSettingsStore } from './local-settings-store';
import {
  acceptServerSettings,
  fetchServerSettings,
  saveServerSettings,
  seedServerSettings,
  serverSettingsKey,
} from './server-settings';
import { useFeedback } from '@/lib/client/feedback';

/**
 * Where the server-kept fields stand: 'signed-out' (defaults, cannot be saved), 'loading',
 * 'error' (defaults shown, reload offered) or 'ready'.
 */
export type ServerSettingsStatus = 'signed-out' | 'loading' | 'error' | 'ready';

export type UseLayoutSettingsResult = {
  /** The settings in effect (always complete: defaults stand in for anything missing). */
  settings: LayoutSettings;
  /**
   * Applies a change at once: open/fixHeader/tagShow in this browser, the rest saved for the user
   * (optimistic; on failure the change is taken back and the reason shown). Resolves true when
   * everything was kept, false when something was refused or not saved.
   */
  update: (patch: Partial<LayoutSettings>) => Promise<boolean>;
  /** 恢复默认: every field back to its default. */
  reset: () => Promise<boolean>;
  serverStatus: ServerSettingsStatus;
  /** Reads the server-kept fields again (after an error). */
  reload: () => void;
};

/** The user's saved settings as the server read them while rendering the page. */
export type LayoutSettingsSeed = { userId: number; settings: ServerLayoutSettings };

/**
 * Puts the server's read of the settings into the cache during the first render, before any
 * useLayoutSettings reads it: the server render and hydration show the user's theme and layout,
 * and no request or second render of the shell follows.
 */
export function useLayoutSettingsSeed(seed: LayoutSettingsSeed | null | undefined): void {
  const client = useQueryClient();
  useState(() => {
    if (seed) seedServerSettings(client, seed.userId, seed.settings);
    return null;
  });
}

/** Keeps this tab's cache in step with saves made in the user's other tabs. */
function useSavesFromOtherTabs() {
  const client = useQueryClient();
  useEffect(
    () =>
      onSavedSettingsAnnounced(({ userId, settings }) =>
        acceptServerSettings(client, userId, settings),
      ),
    [client],
  );
}

/**
 * The workspace layout settings (spec 3 "Layout settings"), shared by the whole shell: every
 * component calling this hook sees the same values, and a change made in another tab shows here
 * too ('storage' event for the local fields, a broadcast for the server ones). Settings belong to
 * the signed-in user, so signing in as someone else shows that user's settings.
 */
export function useLayoutSettings(): UseLayoutSettingsResult {
  const { message } = useFeedback();
  const client = useQueryClient();
  const session = useSession();
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  useSavesFromOtherTabs();

  const local = useSyncExternalStore(
    localSettingsStore.subscribe,
    localSettingsStore.getSnapshot,
    localSettingsStore.getServerSnapshot,
  );
  const server = useQuery({
    queryKey: serverSettingsKey(userId ?? 0),
    queryFn: () => fetchServerSettings(userId as number),
    enabled: userId !== null,
  });
  const serverData = userId === null ? undefined : server.data;
  const settings = useMemo(() => mergeSettings(local, serverData), [local, serverData]);

  let serverStatus: ServerSettingsStatus;
  if (session.status === 'loading') serverStatus = 'loading';
  else if (userId === null) serverStatus = 'signed-out';
  else if (serverData) serverStatus = 'ready';
  else serverStatus = server.isError ? 'error' : 'loading';

  const update = useCallback(
    async (patch: Partial<LayoutSettings>): Promise<boolean> => {
      const split = splitSettingsPatch(patch);
      if (Object.keys(split.local).length > 0) localSettingsStore.update(split.local);
      if (Object.keys(split.server).length === 0) return true;
      // Signed out there is no one to save them for; the drawer says so and disables them.
      if (userId === null) return false;
      // The schema (zod) loads with the first change, not with the shell (issue 38).
      const { serverLayoutSettingsPatchSchema } =
        await import('@/lib/shared/workspace/layout-settings.schemas');
      const checked = serverLayoutSettingsPatchSchema.safeParse(split.server);
      if (!checked.success) {
        message.error(checked.error.issues[0]?.message ?? '设置不正确');
        return false;
      }
      try {
        await saveServerSettings(client, userId, checked.data);
        return true;
      } catch (err) {
        const reason = err instanceof Error && err.message ? `：${err.message}` : '';
        message.error(`个性化配置保存失败${reason}`);
        return false;
      }
    },
    [client, message, userId],
  );

  const reset = useCallback(() => update(DEFAULT_LAYOUT_SETTINGS), [update]);
  const refetch = server.refetch;
  const reload = useCallback(() => void refetch(), [refetch]);

  return { settings, update, reset, serverStatus, reload };
}
