import type { EnterprisePageStamp } from './enterprise-page-version';

/** One stored page: the body twice (plain and gzip, both made once), and what it may be served for. */
export type CachedPage = {
  body: Buffer;
  gzip: Buffer;
  /** Headers of the rendered page worth repeating (content type, security headers). */
  headers: readonly (readonly [string, string])[];
  /** 'sha256-…' sources of the page's inline scripts, for its Content-Security-Policy. */
  scriptHashes: readonly string[];
  etag: string;
  storedAt: number;
  /** False for a page that asked not to be kept (DoNotStorePage): served once, never stored. */
  storable: boolean;
  validity: { expiresAt: number } | { stamp: EnterprisePageStamp };
};

function sizeOf(page: CachedPage): number {
  return page.body.length + page.gzip.length + 512;
}

/**
 * Least-recently-used pages up to a byte budget (a Map keeps insertion order; a read moves the
 * entry to the end). One process's memory: every instance of the app keeps its own.
 */
export class PageCacheStore {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (page) {
      this.entries.delete(key);
      this.entries.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    this.delete(key);
    const size = sizeOf(page);
    if (size > this.maxBytes) return;
    this.entries.set(key, page);
    this.bytes += size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(old);
    }
  }

  delete(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(page);
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.entries.size, bytes: this.bytes };
  }
}
