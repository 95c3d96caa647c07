import { z } from 'zod';
import { lenientPageNo, lenientPageSize } from '@/lib/shared/validation/lenient-paging';

/**
 * Authoritative lists (权威榜单, issue 31 item 5, ADR 0191): what the browser and the server share.
 * A list is a stored definition (an advanced-search condition or an imported roster of credit
 * codes); its members are materialised in rank order. Albums group several lists.
 */

/** Members kept per list; a definition matching more reads “10000+”, like company search. */
export const LIST_MEMBER_CAP = 10_000;
/** Members older than this are recomputed in the background on the next read (ADR 0191). */
export const LIST_STALE_MS = 24 * 60 * 60 * 1000;
export const LIST_PAGE_SIZES = [10, 20, 50] as const;
export const LIST_PAGE_SIZE_DEFAULT = 20;

export const ALBUM_KINDS = ['authoritativeList', 'companyExpansion'] as const;
export type AlbumKind = (typeof ALBUM_KINDS)[number];
export const ALBUM_KIND_LABEL: Record<AlbumKind, string> = {
  authoritativeList: '榜单专辑',
  companyExpansion: '企业拓展专辑',
};

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const listSlugSchema = z.string().trim().regex(SLUG, '榜单不存在');

export function isListSlug(v: string): boolean {
  return SLUG.test(v);
}

/** Page paths. */
export const listHref = {
  index: '/authoritativeList',
  list: (slug: string) => `/authoritativeList/${slug}`,
  album: (kind: AlbumKind, slug: string) => `/industryAlbum/${kind}/${slug}`,
};

/** Forgiving list-page filters: anything not a province code or a section letter is dropped. */
const province = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && /^\d{2}0000$/.test(v.trim()) ? v.trim() : undefined));
const section = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && /^[A-T]$/.test(v.trim()) ? v.trim() : undefined));

export const listFilterSchema = z.object({
  slug: listSlugSchema,
  province,
  section,
});
export type ListFilter = z.output<typeof listFilterSchema>;

export const listPageQuerySchema = listFilterSchema.extend({
  pageNo: lenientPageNo(),
  pageSize: lenientPageSize(LIST_PAGE_SIZES, LIST_PAGE_SIZE_DEFAULT),
});
export type ListPageQuery = z.output<typeof listPageQuerySchema>;

export const listSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  source: z.enum(['condition', 'roster']),
  /** The definition in words (全部企业 for a roster). */
  definition: z.string(),
  publisher: z.string().nullable(),
  memberCount: z.number().int(),
  membersCapped: z.boolean(),
  /** When the members were last computed (ISO), null before the first read. */
  refreshedAt: z.string().nullable(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

export const listRowSchema = z.object({
  rank: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  uncid: z.string(),
  legalPerson: z.string(),
  status: z.string(),
  regCapital: z.number().nullable(),
  regCapitalCurrency: z.string(),
  establishDate: z.string().nullable(),
  regionName: z.string(),
  industryName: z.string(),
  tags: z.array(z.string()),
});
export type ListRow = z.infer<typeof listRowSchema>;

const facetSchema = z.array(z.object({ key: z.string(), label: z.string(), count: z.number() }));
export type ListFacet = z.infer<typeof facetSchema>;

export const listPageSchema = z.object({
  list: listSummarySchema,
  total: z.number().int(),
  rows: z.array(listRowSchema),
  facets: z.object({ province: facetSchema, section: facetSchema }),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** How deep the caller may page (edition; the free edition's depth when signed out). */
  maxResults: z.number().int(),
  notice: z.string().nullable(),
});
export type ListPage = z.infer<typeof listPageSchema>;

export const albumSchema = z.object({
  kind: z.enum(ALBUM_KINDS),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  lists: z.array(listSummarySchema),
});
export type Album = z.infer<typeof albumSchema>;

/** Member count as shown: 10000+ when the definition matches more than the cap. */
export function memberCountText(s: Pick<ListSummary, 'memberCount' | 'membersCapped'>): string {
  return `${s.memberCount}${s.membersCapped ? '+' : ''}`;
}

// ---- Roster import (npm run import:lists) ----

/** One list of a roster file (JSON lines): a definition and, for a roster, its credit codes. */
export const rosterItemSchema = z.object({
  slug: listSlugSchema,
  name: z.string().trim().min(2).max(60),
  description: z.string().trim().max(500).default(''),
  category: z.string().trim().min(2).max(20).default('权威名单'),
  publisher: z.string().trim().max(60).optional(),
  uncids: z.array(z.string()).max(200_000),
  albums: z
    .array(z.object({ kind: z.enum(ALBUM_KINDS), slug: listSlugSchema, name: z.string().min(2) }))
    .max(10)
    .default([]),
});
export type RosterItem = z.infer<typeof rosterItemSchema>;
