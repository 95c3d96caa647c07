import type { QueryClient } from '@tanstack/react-query';
import { call, contractKey } from '@/lib/client/request';
import {
  serverSettingsFrom,
  type ServerLayoutSettings,
  type ServerLayoutSettingsPatch,
} from '@/lib/shared/workspace/layout-settings';
import {
  getUserLayoutSetting,
  updateUserLayoutSetting,
} from '@/lib/shared/workspace/workspace.endpoints';
import { announceSavedSettings } from './cross-tab';

/**
 * The server-kept fields (layout, theme, systemName, navigatorWorkbench) in React Query's cache.
 * What the cache shows is always "the last value the server confirmed, with the changes still on
 * their way on top": a change shows at once (optimistic), a failed one simply drops out (its fields
 * go back to the saved value), and a late answer never hides a newer change. Saves go out one at
 * a time, so the server applies them in the order they were made.
 */

type PendingSave = { userId: number; patch: ServerLayoutSettingsPatch };

const confirmed = new Map<number, ServerLayoutSettings>();
let pending: PendingSave[] = [];
/** Bumped by every confirmed save: a read that started before it is older than the cache. */
let savesDone = 0;
let queue: Promise<unknown> = Promise.resolve();

/** Cache key of a user's settings: the contract's path, then whose they are. */
export function serverSettingsKey(userId: number): readonly unknown[] {
  return [...contractKey(getUserLayoutSetting), userId];
}

/** The confirmed settings of a user with their unsent or unanswered changes on top. */
function shown(userId: number): ServerLayoutSettings {
  return pending
    .filter((save) => save.userId === userId)
    .reduce<ServerLayoutSettings>(
      (settings, save) => ({ ...settings, ...save.patch }),
      serverSettingsFrom(confirmed.get(userId)),
    );
}

function refresh(client: QueryClient, userId: number): void {
  client.setQueryData(serverSettingsKey(userId), shown(userId));
}

/** The query function: the server's settings, with any change still being saved on top. */
export async function fetchServerSettings(userId: number): Promise<ServerLayoutSettings> {
  const savesBefore = savesDone;
  const settings = await call(getUserLayoutSetting, undefined, { silent: true });
  // A save answered meanwhile is newer than this read.
  if (savesDone === savesBefore || !confirmed.has(userId)) confirmed.set(userId, settings);
  return shown(userId);
}

/**
 * The settings the server read while rendering the page, in the cache before the first render
 * (so the first paint has the user's theme and no request follows). The server keeps nothing in
 * this module (it serves every user); the browser remembers them as confirmed.
 */
export function seedServerSettings(
  client: QueryClient,
  userId: number,
  settings: ServerLayoutSettings,
): void {
  const key = serverSettingsKey(userId);
  if (client.getQueryData(key) !== undefined) return;
  const value = serverSettingsFrom(settings);
  if (typeof window === 'undefined') return void client.setQueryData(key, value);
  if (!confirmed.has(userId)) confirmed.set(userId, value);
  client.setQueryData(key, shown(userId));
}

/** Settings the server confirmed elsewhere (another tab's save) replace the cached ones. */
export function acceptServerSettings(
  client: QueryClient,
  userId: number,
  settings: ServerLayoutSettings,
): void {
  confirmed.set(userId, serverSettingsFrom(settings));
  savesDone += 1;
  refresh(client, userId);
}

/**
 * Shows `patch` at once and saves it after the saves before it. Resolves with what the server
 * saved; rejects (after taking the change back out of the cache) when the save fails.
 */
export function saveServerSettings(
  client: QueryClient,
  userId: number,
  patch: ServerLayoutSettingsPatch,
): Promise<ServerLayoutSettings> {
  const save: PendingSave = { userId, patch };
  pending = [...pending, save];
  refresh(client, userId);

  const send = async () => {
    try {
      const saved = await call(updateUserLayoutSetting, { body: patch }, { silent: true });
      pending = pending.filter((p) => p !== save);
      acceptServerSettings(client, userId, saved);
      announceSavedSettings({ userId, settings: saved });
      return saved;
    } catch (err) {
      pending = pending.filter((p) => p !== save);
      refresh(client, userId);
      // Never loaded: what is shown is only defaults, so read the real settings again.
      if (!confirmed.has(userId))
        void client.invalidateQueries({ queryKey: serverSettingsKey(userId) });
      throw err;
    }
  };
  const result = queue.then(send, send);
  queue = result.catch(() => undefined);
  return result;
}
