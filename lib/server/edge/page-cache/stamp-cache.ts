import { listenToChannel, type ChannelListener } from '@/lib/server/platform';
import { enterprisePageStamp, type EnterprisePageStamp } from './enterprise-page-version';
import type { EnterpriseLookup } from './page-cache-rules';

/** The channel migration 0056's triggers notify on any change of a page version or generation. */
export const PAGE_VERSIONS_CHANNEL = 'leadradar_page_versions';

/** A remembered version is read again at the latest after this, heard of a change or not. */
export const STAMP_MAX_AGE_MS = 60_000;
/** Addresses remembered at most (each entry is a few dozen bytes). */
const MAX_ENTRIES = 100_000;

type Entry = { stamp: EnterprisePageStamp; at: number };

function keyOf(lookup: EnterpriseLookup): string {
  return lookup.by === 'id'
    ? `i:${lookup.id}`
    : lookup.by === 'uncid'
      ? `u:${lookup.uncid}`
      : `n:${lookup.name}`;
}

/**
 * The company and page version a company page address names, remembered in memory so a cached
 * page is answered without a database round trip (issue 38 item 1, ADR 0214). Exact as long as
 * this instance hears the database: every statement that changes a page version or the
 * generation NOTIFYs (delivered at commit) and everything remembered is forgotten. While the
 * listening connection is down nothing is remembered (every view reads the database, as before),
 * and on reconnecting everything is forgotten again: changes in between were not heard.
 * A read that started before a change was heard is not remembered (the epoch moved on).
 */
export function createStampCache(options: {
  log: (line: string) => void;
  databaseUrl?: string;
  retryMs?: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let listening = false;
  let epoch = 0;

  const forget = () => {
    epoch += 1;
    entries.clear();
  };

  const listener: Promise<ChannelListener> = listenToChannel({
    channel: PAGE_VERSIONS_CHANNEL,
    name: 'leadradar-page-versions',
    onNotify: forget,
    // Listening (first or again): what was heard before, or missed meanwhile, is forgotten.
    onUp: () => {
      forget();
      listening = true;
    },
    onDown: () => {
      listening = false;
      forget();
    },
    databaseUrl: options.databaseUrl,
    log: options.log,
    retryMs: options.retryMs,
    keepTrying: true,
  });

  return {
    async stampOf(lookup: EnterpriseLookup): Promise<EnterprisePageStamp | null> {
      const key = keyOf(lookup);
      const known = entries.get(key);
      if (listening && known && now() - known.at < STAMP_MAX_AGE_MS) return known.stamp;
      const readAt = epoch;
      const at = now();
      const stamp = await enterprisePageStamp(lookup);
      // Unknown companies are not remembered: their page is a 404, which is not cached either.
      if (stamp && listening && readAt === epoch) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, { stamp, at });
      }
      return stamp;
    },
    /** Whether versions are remembered now (listening). */
    listening: () => listening,
    /** How many times everything was forgotten: moves on when a change is heard. */
    heard: () => epoch,
    size: () => entries.size,
    async stop(): Promise<void> {
      listening = false;
      forget();
      await (await listener).stop();
    },
  };
}

export type StampCache = ReturnType<typeof createStampCache>;
