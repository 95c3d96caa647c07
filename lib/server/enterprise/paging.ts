/** yudao-style paging (the schema is `pageSchema` in the enterprise contract): pageNo from 1. */
export type PageParams = { pageNo?: number; pageSize?: number };

export function pageWindow(p: PageParams = {}): { limit: number; offset: number } {
  const pageSize = Math.min(100, Math.max(1, Math.floor(p.pageSize ?? 10)));
  const pageNo = Math.max(1, Math.floor(p.pageNo ?? 1));
  return { limit: pageSize, offset: (pageNo - 1) * pageSize };
}

/** Escapes LIKE wildcards in user input (the default escape character is a backslash). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}
