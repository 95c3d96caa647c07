'use client';

import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionSnapshot } from '@/lib/client/session';
import { addTag, clearTags, parseStoredTags, removeTag, type TagEntry } from './tag-list';

const STORAGE_KEY = 'leadradar.tags';

/**
 * Whose tabs these are: the user and their roles. Another user, or the same user with other roles
 * (spec 4.1: a role change clears open tags), starts from the home tab again.
 */
export function tagOwner(
  session: Pick<SessionSnapshot, 'status' | 'user' | 'roles'>,
): string | null {
  if (session.status !== 'signed-in' || !session.user) return null;
  return `${session.user.id}:${[...session.roles].sort().join(',')}`;
}

let tags: TagEntry[] = clearTags();
let owner: string | null = null;
let loaded = false;
const listeners = new Set<() => void>();

function emit(next: TagEntry[]) {
  tags = next;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ owner, tags }));
  } catch {
    // Storage may be unavailable (private mode): the tabs still work for this page's life.
  }
  for (const l of listeners) l();
}

/** Tabs survive a reload of the same tab (sessionStorage), for the same owner only. */
function loadOnce() {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const stored = raw ? (JSON.parse(raw) as { owner?: unknown; tags?: unknown }) : null;
    if (stored && typeof stored.owner === 'string') {
      owner = stored.owner;
      tags = parseStoredTags(JSON.stringify(stored.tags ?? null));
    }
  } catch {
    tags = clearTags();
  }
}

/** Follows the session: signing out, another user or a role change clears the tabs. */
function followSession() {
  const next = tagOwner(sessionStore.getSnapshot());
  const status = sessionStore.getSnapshot().status;
  if (status === 'loading') return;
  if (next !== owner) {
    owner = next;
    emit(clearTags());
  }
}

let following = false;
function startFollowing() {
  if (following || typeof window === 'undefined') return;
  following = true;
  loadOnce();
  followSession();
  sessionStore.subscribe(followSession);
}

export const tagsStore = {
  subscribe(listener: () => void) {
    startFollowing();
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => tags,
  getServerSnapshot: () => SERVER_TAGS,
  add(entry: TagEntry) {
    // The owner must be settled first, or a page added now would be cleared by it a moment later.
    startFollowing();
    const next = addTag(tags, entry);
    const changed =
      next.length !== tags.length ||
      next.some((t, i) => t.href !== tags[i].href || t.title !== tags[i].title);
    if (changed) emit(next);
  },
  /** Closes a tab; returns where to go when it was the active one. */
  remove(path: string, activePath: string): string | null {
    const { tags: next, goTo } = removeTag(tags, path, activePath);
    emit(next);
    return goTo;
  },
  clear() {
    emit(clearTags());
  },
};

const SERVER_TAGS = clearTags();

export function useTags(): TagEntry[] {
  return useSyncExternalStore(
    tagsStore.subscribe,
    tagsStore.getSnapshot,
    tagsStore.getServerSnapshot,
  );
}
