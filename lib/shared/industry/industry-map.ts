import { getRegion, regionName } from '@/lib/shared/geo';
import { searchParamsFromQuery } from '@/lib/shared/search/query';
import { getIndustryChain, type IndustryChain } from './chains';
import { getIndustry, getIndustryChildren, type Industry } from './industries';

/**
 * /industryInsights/industryMap (issue 31 item 1, ADR 0198): one industry — a GB/T 4754 section,
 * division or group, or an industry chain — on the China map: companies per region, new companies
 * per year, the registered-capital spread and the leading companies. The subject and the region
 * are the address; statistics are precomputed per (subject, region) (industry_map_stats).
 */
export const INDUSTRY_MAP_PATH = '/industryInsights/industryMap';
/** Statistics older than this are recomputed in the background on the next read. */
export const INDUSTRY_MAP_STALE_MS = 6 * 60 * 60 * 1000;
export const INDUSTRY_MAP_LEADERS = 10;
/** Establishment years shown one by one; earlier ones are summed as 更早. */
export const INDUSTRY_MAP_YEARS = 10;
/** The page without a subject shows this section (manufacturing, the largest). */
export const INDUSTRY_MAP_DEFAULT = 'C';

export type IndustryMapSubject =
  | { kind: 'industry'; key: string; industry: Industry }
  | { kind: 'chain'; key: string; chain: IndustryChain };

export type IndustryMapQuery = {
  subject: IndustryMapSubject;
  /** '' China; a province or a city (counts per city or district below it). */
  region: string;
};

type Params = Record<string, string | string[] | undefined>;

function one(params: Params, name: string): string {
  const v = params[name];
  return ((Array.isArray(v) ? v[0] : v) ?? '').trim();
}

/** A subject's key in the address and in the statistics table: 'C', '35', '351' or 'CY001'. */
export function subjectOf(key: string): IndustryMapSubject | null {
  const chain = /^CY\d{3}$/.test(key) ? getIndustryChain(key) : undefined;
  if (chain) return { kind: 'chain', key, chain };
  const industry = getIndustry(key.toUpperCase());
  // Sections, divisions and groups: a class is one small line of its group's map.
  if (industry && industry.level <= 3) return { kind: 'industry', key: industry.code, industry };
  return null;
}

/**
 * The address → the query; null for an unknown subject or region (a real 404: these pages are
 * indexed, so a wrong address must not answer with some other industry's map).
 */
export function parseIndustryMapParams(params: Params): IndustryMapQuery | null {
  const key = one(params, 'industry') || one(params, 'chain') || INDUSTRY_MAP_DEFAULT;
  const subject = subjectOf(key);
  if (!subject) return null;
  const code = one(params, 'region');
  const region = code ? getRegion(code) : undefined;
  if (code && (!region || region.level > 2)) return null;
  return { subject, region: region?.code ?? '' };
}

export function subjectName(subject: IndustryMapSubject): string {
  return subject.kind === 'chain' ? `${subject.chain.name}产业链` : subject.industry.name;
}

/** GB/T 4754 classes, or the column and codes a subject filters on. */
export function subjectFilter(subject: IndustryMapSubject): {
  column: 'industry_division' | 'industry_group' | 'industry_class';
  codes: string[];
} {
  if (subject.kind === 'chain')
    return {
      column: 'industry_class',
      codes: [...new Set(subject.chain.nodes.flatMap((n) => n.classes))],
    };
  // A section by its divisions: the division index serves it (there is none on the section).
  if (subject.industry.level === 1)
    return {
      column: 'industry_division',
      codes: getIndustryChildren(subject.industry.code).map((d) => d.code),
    };
  const column = subject.industry.level === 2 ? 'industry_division' : 'industry_group';
  return { column, codes: [subject.industry.code] };
}

export function industryMapHref(subjectKey: string, region = ''): string {
  const params = new URLSearchParams();
  params.set(/^CY\d{3}$/.test(subjectKey) ? 'chain' : 'industry', subjectKey);
  if (region) params.set('region', region);
  return `${INDUSTRY_MAP_PATH}?${params.toString()}`;
}

/** The subject's companies in company search (its codes, and the region when one is chosen). */
export function industryMapSearchHref(query: IndustryMapQuery): string {
  const { codes } = subjectFilter(query.subject);
  const p = searchParamsFromQuery({
    filters: { industries: codes, ...(query.region ? { regions: [query.region] } : {}) },
  });
  return `/companySearch?${p.toString()}`;
}

export function industryMapPlace(region: string): string {
  return region ? regionName(region) : '全国';
}

export type IndustryMapRegion = { code: string; name: string; count: number };
export type IndustryMapLeader = {
  id: number;
  name: string;
  uncid: string;
  regCapital: number | null;
  establishDate: string | null;
  region: string;
};

/** What one (subject, region) shows; stored as one row. */
export type IndustryMapStats = {
  total: number;
  /** Per child region of the query's region (provinces for China). */
  regions: IndustryMapRegion[];
  /** New companies per establishment year, oldest first; `year` null = 更早. */
  years: { year: number | null; count: number }[];
  /** Companies per registered-capital band (CAPITAL_BANDS order), and those without a figure. */
  capital: { key: string; label: string; count: number }[];
  leaders: IndustryMapLeader[];
  refreshedAt: string;
};
