import type pg from 'pg';
import { getPool } from '../db';
import { MATCH_CAP } from '@/lib/shared/search/filters';
import { normalizeKeyword, searchForm } from '@/lib/shared/search/query';
import type {
  EnterpriseFilters,
  EnterpriseSearchQuery,
  EnterpriseSearchResult,
} from '@/lib/shared/search/types';
import type { AdvancedCount, AdvancedSearchResult } from '@/lib/shared/search/search.contract';
import {
  activeGroups,
  fieldKind,
  highlightKeyword,
  type AdvancedCondition,
  type AdvancedSearchCondition,
  type AdvancedSearchRequest,
  type OptionField,
  type TextField,
} from '@/lib/shared/search/advanced';
import { filterConditions, loadHits, SqlParams } from './search.service';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// Stored name document (migration 0004) and its bigram GIN index.
const NAME_GRAMS = 'public.lr_doc_bigrams(e.name_doc)';
const TEXT_GRAMS =
  'public.lr_doc_bigrams(public.lr_text_doc(e.legal_person, e.address, e.business_scope))';

/**
 * "Field contains keyword" on the normalised text. Two or more characters first narrow by the
 * bigram GIN index of the document the field belongs to, then check the field itself.
 */
function textCondition(p: SqlParams, field: TextField, raw: string): string {
  const keyword = normalizeKeyword(raw);
  const form = searchForm(keyword);
  if (!form) return 'false';
  if (field === 'phone')
    // Exact number (btree), as typed or without separators.
    return `e.id in (select c.enterprise_id from enterprise_contacts c where c.value = ${p.add(keyword)} or c.value = ${p.add(form)})`;
  if (field === 'uncid') return `e.uncid like ${p.add(`${escapeLike(form.toUpperCase())}%`)}`;
  const f = p.add(form);
  const indexed = Array.from(form).length >= 2;
  const within = (grams: string, text: string) =>
    `(${indexed ? `${grams} @> public.lr_bigrams(${f}) and ` : ''}position(${f} in public.lr_search_norm(${text})) > 0)`;
  switch (field) {
    case 'name':
      return within(NAME_GRAMS, 'e.name');
    case 'formerName':
      return within(NAME_GRAMS, `coalesce(array_to_string(e.former_names, '|'), '')`);
    case 'brand':
      return within(NAME_GRAMS, `coalesce(array_to_string(e.brand_words, '|'), '')`);
    case 'legalPerson':
      return within(TEXT_GRAMS, `coalesce(e.legal_person, '')`);
    case 'address':
      return within(TEXT_GRAMS, `coalesce(e.address, '')`);
    case 'businessScope':
      return within(TEXT_GRAMS, `coalesce(e.business_scope, '')`);
    case 'shareholder':
      return `e.id in (select s.enterprise_id from enterprise_shareholders s
        where ${indexed ? `public.lr_bigrams(s.holder_name) @> public.lr_bigrams(${f}) and ` : ''}position(${f} in public.lr_search_norm(s.holder_name)) > 0)`;
  }
}

const OPTION_TO_FILTER: Record<OptionField, keyof EnterpriseFilters> = {
  region: 'regions',
  industry: 'industries',
  capitalBand: 'capitalBands',
  establishBand: 'establishBands',
  status: 'statuses',
  orgType: 'orgTypes',
  staffSize: 'staffSizes',
  tag: 'tags',
};

/** Reuses the search filters: one condition is a one-field filter. */
function fromFilters(p: SqlParams, filters: EnterpriseFilters): string {
  const parts = filterConditions(p, filters);
  return parts.length ? `(${parts.join(' and ')})` : 'true';
}

function conditionSql(p: SqlParams, c: AdvancedCondition): string {
  const negate = (sql: string) => `not coalesce(${sql}, false)`;
  switch (fieldKind(c.field)) {
    case 'text': {
      const sql = textCondition(p, c.field as TextField, c.value ?? '');
      return c.op === 'notContains' ? negate(sql) : sql;
    }
    case 'option': {
      const key = OPTION_TO_FILTER[c.field as OptionField];
      // Tags: any of the chosen tags (the quick filter's tags require all of them).
      const sql =
        key === 'tags'
          ? `(e.tags && ${p.add(c.values ?? [])}::text[])`
          : fromFilters(p, { [key]: c.values ?? [] });
      return c.op === 'notIn' ? negate(sql) : sql;
    }
    case 'flag': {
      const sql = fromFilters(p, { [c.field]: true });
      return c.op === 'isNot' ? negate(sql) : sql;
    }
    default:
      return fromFilters(p, { capitalMin: c.min, capitalMax: c.max });
  }
}

/** WHERE clause (without the keyword) of a condition set: groups and conditions with AND/OR. */
export function compileAdvancedCondition(p: SqlParams, c: AdvancedSearchCondition): string {
  const groups = activeGroups(c).map((g) => {
    const parts = g.conditions.map((cond) => conditionSql(p, cond));
    return parts.length === 1 ? parts[0] : `(${parts.join(` ${g.logic} `)})`;
  });
  if (groups.length === 0) return 'true';
  return groups.length === 1 ? groups[0] : `(${groups.join(` ${c.logic} `)})`;
}

/** Extra quick filters (the /companySearch panel) AND-ed to the condition groups. */
function whereOf(p: SqlParams, c: AdvancedSearchCondition, filters?: EnterpriseFilters): string {
  return [compileAdvancedCondition(p, c), ...(filters ? filterConditions(p, filters) : [])].join(
    ' and ',
  );
}

/** Matching enterprises, counted up to MATCH_CAP (the live count beside the conditions). */
export async function countAdvanced(
  condition: AdvancedSearchCondition,
  db: pg.Pool = getPool(),
  filters?: EnterpriseFilters,
): Promise<AdvancedCount> {
  const started = Date.now();
  const p = new SqlParams();
  const where = whereOf(p, condition, filters);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from enterprises e where ${where} limit ${MATCH_CAP + 1}) x`,
    p.values,
  );
  const n = rows[0]?.n ?? 0;
  return {
    total: Math.min(n, MATCH_CAP),
    totalCapped: n > MATCH_CAP,
    tookMs: Date.now() - started,
  };
}

const ORDER: Record<AdvancedSearchRequest['sort'], string> = {
  relevance: 'e.weight desc, e.id',
  capitalDesc: 'e.reg_capital desc nulls last, e.id',
  capitalAsc: 'e.reg_capital asc nulls last, e.id',
  dateDesc: 'e.establish_date desc nulls last, e.id',
  dateAsc: 'e.establish_date asc nulls last, e.id',
};

/** Ids of matches in sort order (offset/limit already clipped by the caller). */
export async function advancedIds(
  condition: AdvancedSearchCondition,
  sort: AdvancedSearchRequest['sort'],
  offset: number,
  limit: number,
  db: pg.Pool = getPool(),
  filters?: EnterpriseFilters,
): Promise<number[]> {
  if (limit <= 0) return [];
  const p = new SqlParams();
  const where = whereOf(p, condition, filters);
  const { rows } = await db.query<{ id: number }>(
    `select e.id::int as id from enterprises e where ${where} order by ${ORDER[sort]}
      limit ${Math.floor(limit)} offset ${Math.floor(offset)}`,
    p.values,
  );
  return rows.map((r) => r.id);
}

/** One page of advanced-search results; pages beyond the edition's depth come back empty. */
export async function searchAdvanced(
  req: AdvancedSearchRequest,
  options: { maxResults: number; db?: pg.Pool; filters?: EnterpriseFilters; highlight?: string },
): Promise<AdvancedSearchResult> {
  const started = Date.now();
  const db = options.db ?? getPool();
  const offset = (req.pageNo - 1) * req.pageSize;
  const limit = Math.max(0, Math.min(req.pageSize, options.maxResults - offset));
  const [count, ids] = await Promise.all([
    countAdvanced(req, db, options.filters),
    advancedIds(req, req.sort, offset, limit, db, options.filters),
  ]);
  return {
    ...count,
    list: await loadHits(db, ids, options.highlight ?? highlightKeyword(req)),
    pageNo: req.pageNo,
    pageSize: req.pageSize,
    maxResults: options.maxResults,
    notice:
      offset >= options.maxResults
        ? `当前版本最多可查看前 ${options.maxResults} 条结果，升级会员可查看更多`
        : null,
    tookMs: Date.now() - started,
  };
}

/**
 * The top bar's park search (searchType=park): companies whose registered address names the park,
 * with the quick filters of /companySearch. No facets: the park is already a narrow place.
 */
export async function searchByPark(
  query: EnterpriseSearchQuery,
  options: { maxResults: number; db?: pg.Pool },
): Promise<EnterpriseSearchResult> {
  const r = await searchAdvanced(
    {
      logic: 'and',
      groups: [
        { logic: 'and', conditions: [{ field: 'address', op: 'contains', value: query.keyword }] },
      ],
      sort: query.sort,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    },
    { ...options, filters: query.filters, highlight: '' },
  );
  const count = r.total.toLocaleString('en-US');
  return {
    ...r,
    totalText: r.totalCapped ? `约${count}` : count,
    facets: { region: [], industry: [], status: [], capitalBand: [] },
  };
}

export type { AdvancedCount, AdvancedSearchResult };
