import {
  serverSettingsFrom,
  type ServerLayoutSettings,
} from '@/lib/shared/workspace/layout-settings';

/**
 * Tells the other tabs of this browser that a user's server-kept settings were saved, so they
 * show the new theme or layout at once. A BroadcastChannel rather than local storage: those
 * fields belong to the server (spec 3) and are not remembered in the browser.
 */

const CHANNEL_NAME = 'leadradar.layout';

export type SavedSettingsMessage = { userId: number; settings: ServerLayoutSettings };
type Listener = (message: SavedSettingsMessage) => void;

let channel: BroadcastChannel | null = null;
const listeners = new Set<Listener>();

/** A message from another tab, checked: anything else is ignored. */
export function readSavedSettingsMessage(data: unknown): SavedSettingsMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { userId, settings } = data as Record<string, unknown>;
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId)) return null;
  return { userId, settings: serverSettingsFrom(settings) };
}

function openChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => {
    const message = readSavedSettingsMessage(event.data);
    if (message) for (const listener of listeners) listener(message);
  };
  return channel;
}

/** Announces a save to the other tabs (a tab does not receive its own messages). */
export function announceSavedSettings(message: SavedSettingsMessage): void {
  openChannel()?.postMessage(message);
}

/** Calls `listener` with every save announced by another tab. */
export function onSavedSettingsAnnounced(listener: Listener): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
