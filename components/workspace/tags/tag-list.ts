import { WORKSPACE_HOME } from '@/lib/shared/workspace/workspace-home';

/**
 * The tag strip's list (spec 2.4, 3 "tag entry", 4.7): visited pages in order of first visit, the
 * home tab first and never closable.
 */
export type TagEntry = {
  /** Pathname: one tab per page. */
  path: string;
  /** Where the tab goes back to (the page's last address, query included). */
  href: string;
  title: string;
};

/** The first tab: the workspace home (not the marketing page; issue 28 item 7). */
export const HOME_TAG: TagEntry = { path: WORKSPACE_HOME, href: WORKSPACE_HOME, title: '首页' };

/** The first tab is not closable. */
export function isClosable(tags: readonly TagEntry[], path: string): boolean {
  return tags.length > 0 && tags[0].path !== path;
}

/** The not-found page's title (app/not-found.tsx and the pages that call notFound()). */
export const NOT_FOUND_TITLE = '页面不存在';

/**
 * Adds a page, or refreshes its address and title if it is already there (no duplicates). The
 * not-found page is no place to go back to: it gets no tab, and a tab its address got while the
 * document still had the previous page's title is taken back.
 */
export function addTag(tags: readonly TagEntry[], entry: TagEntry): TagEntry[] {
  const base = tags.length > 0 ? tags : [HOME_TAG];
  if (entry.title.trim() === NOT_FOUND_TITLE)
    return isClosable(base, entry.path) ? base.filter((t) => t.path !== entry.path) : [...base];
  const i = base.findIndex((t) => t.path === entry.path);
  if (i === -1) return [...base, entry];
  const next = [...base];
  next[i] = { ...base[i], href: entry.href, title: entry.title || base[i].title };
  return next;
}

/**
 * Removes a page's tab. When it was the active one, `goTo` is the last remaining tab's address
 * (spec 2.4); otherwise null (stay where you are).
 */
export function removeTag(
  tags: readonly TagEntry[],
  path: string,
  activePath: string,
): { tags: TagEntry[]; goTo: string | null } {
  if (!isClosable(tags, path)) return { tags: [...tags], goTo: null };
  const next = tags.filter((t) => t.path !== path);
  const goTo = path === activePath ? (next[next.length - 1]?.href ?? HOME_TAG.href) : null;
  return { tags: next, goTo };
}

/** Spec 4.7: clearing goes back to the home tab alone. */
export function clearTags(): TagEntry[] {
  return [HOME_TAG];
}

/** Only addresses on this site: a stored tab must not send the browser elsewhere. */
function isLocalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

/** Reads a stored list, keeping only well-formed entries; anything else gives the home tab. */
export function parseStoredTags(raw: string | null): TagEntry[] {
  if (!raw) return clearTags();
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return clearTags();
    const tags = value.filter(
      (t): t is TagEntry =>
        !!t &&
        typeof t === 'object' &&
        typeof (t as TagEntry).path === 'string' &&
        (t as TagEntry).path.startsWith('/') &&
        // The marketing page is no workspace tab (the home tab was / before issue 28 item 7).
        (t as TagEntry).path !== '/' &&
        typeof (t as TagEntry).href === 'string' &&
        isLocalHref((t as TagEntry).href) &&
        typeof (t as TagEntry).title === 'string',
    );
    return tags.reduce<TagEntry[]>((list, t) => addTag(list, t), clearTags());
  } catch {
    return clearTags();
  }
}
