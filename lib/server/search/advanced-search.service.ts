import 'server-only';
import { limitedPaging } from '@/lib/shared/search/result-limit';
import type pg from 'pg';
import { getReadPool } from '@/lib/server/platform';
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
import { anyOf, escapeLike, orgTypePatterns } from './search-sql';
import { formatTotal } from '@/lib/shared/search/total-text';

// Stored name document (migration 0004) and its bigram GIN index.
const NAME_GRAMS = 'public.lr_doc_bigrams(e.name_doc)';
const TEXT_GRAMS =
  'public.lr_doc_bigrams(public.lr_text_doc(e.legal_person, e.address, e.business_scope))';

/**
 * A text condition as SQL: `check` decides; `gate`, when there is one, is implied by the check
 * (every bigram of a substring of a field is a bigram of the indexed document holding the field)
 * and is there for the planner, which answers it from a bigram GIN index.
 */
type TextSql = { gate: string | null; check: string };

const textSql = (t: TextSql) => (t.gate ? `(${t.gate} and ${t.check})` : `(${t.check})`);

/** Fields whose "contains" narrows by a bigram index first (see textCondition). */
const GATED_FIELDS: ReadonlySet<TextField> = new Set([
  'name',
  'formerName',
  'brand',
  'legalPerson',
  'address',
  'businessScope',
]);

/** A condition textCondition compiles with a gate: a field of a bigram document, 2+ characters. */
function isGated(c: AdvancedCondition): boolean {
  return (
    fieldKind(c.field) === 'text' &&
    c.op === 'contains' &&
    GATED_FIELDS.has(c.field as TextField) &&
    Array.from(searchForm(normalizeKeyword(c.value ?? ''))).length >= 2
  );
}

/**
 * "Field contains keyword" on the normalised text. Two or more characters first narrow by the
 * bigram GIN index of the document the field belongs to, then check the field itself.
 */
function textCondition(p: SqlParams, field: TextField, raw: string): TextSql {
  const keyword = normalizeKeyword(raw);
  const form = searchForm(keyword);
  if (!form) return { gate: null, check: 'false' };
  if (field === 'phone')
    // Exact number (btree), as typed or without separators.
    return {
      gate: null,
      check: `e.id in (select c.enterprise_id from enterprise_contacts c where c.value = ${p.add(keyword)} or c.value = ${p.add(form)})`,
    };
  if (field === 'uncid')
    return { gate: null, check: `e.uncid like ${p.add(`${escapeLike(form.toUpperCase())}%`)}` };
  const f = p.add(form);
  const indexed = Array.from(form).length >= 2;
  const within = (grams: string, text: string): TextSql => ({
    gate: indexed ? `${grams} @> public.lr_bigrams(${f})` : null,
    check: `position(${f} in public.lr_search_norm(${text})) > 0`,
  });
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
      return {
        gate: null,
        check: `e.id in (select s.enterprise_id from enterprise_shareholders s
        where ${indexed ? `public.lr_bigrams(s.holder_name) @> public.lr_bigrams(${f}) and ` : ''}position(${f} in public.lr_search_norm(s.holder_name)) > 0)`,
      };
  }
}

/**
 * Organisation types present in the corpus that each chosen option matches, by option key. The
 * options match by substring (`org_type like '%…%'`), which no index answers in weight order;
 * the distinct types (a few dozen) are read by a loose walk of `(org_type, weight desc, id)`
 * (migration 0027) and matched with the same LIKE, so the condition becomes an equality (one
 * type: the index walks in weight order) or an `= any` over the types, with the same rows.
 */
export type OrgTypeValues = ReadonlyMap<string, readonly string[]>;

function orgTypeKeys(c: AdvancedSearchCondition): string[] {
  const keys = activeGroups(c).flatMap((g) =>
    g.conditions.filter((x) => x.field === 'orgType').flatMap((x) => x.values ?? []),
  );
  return [...new Set(keys)];
}

export async function orgTypeValues(
  db: pg.Pool,
  condition: AdvancedSearchCondition,
): Promise<OrgTypeValues | undefined> {
  const pairs = orgTypeKeys(condition).flatMap((key) =>
    orgTypePatterns([key]).map((pattern) => [key, pattern] as const),
  );
  if (pairs.length === 0) return undefined;
  const { rows } = await db.query<{ key: string; types: string[] }>(
    `with recursive t(v) as (
       (select org_type from enterprises order by org_type limit 1)
       union all
       select (select e.org_type from enterprises e where e.org_type > t.v order by e.org_type limit 1)
       from t where t.v is not null
     )
     select o.key, array_agg(distinct t.v order by t.v) as types
     from t join unnest($1::text[], $2::text[]) as o(key, pattern) on t.v like o.pattern
     group by o.key`,
    [pairs.map((x) => x[0]), pairs.map((x) => x[1])],
  );
  return new Map(rows.map((r) => [r.key, r.types]));
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

/** An organisation-type condition on the types read by orgTypeValues (null: use the LIKE). */
function orgTypeSql(p: SqlParams, keys: string[], types?: OrgTypeValues): string | null {
  // No known option among the keys: the filter adds no condition (fromFilters gives `true`).
  if (!types || orgTypePatterns(keys).length === 0) return null;
  const values = [...new Set(keys.flatMap((k) => types.get(k) ?? []))].sort();
  return values.length ? `(${anyOf(p, 'e.org_type', values)})` : 'false';
}

function conditionSql(p: SqlParams, c: AdvancedCondition, types?: OrgTypeValues): string {
  const negate = (sql: string) => `not coalesce(${sql}, false)`;
  switch (fieldKind(c.field)) {
    case 'text': {
      const sql = textSql(textCondition(p, c.field as TextField, c.value ?? ''));
      return c.op === 'notContains' ? negate(sql) : sql;
    }
    case 'option': {
      const key = OPTION_TO_FILTER[c.field as OptionField];
      // Tags: any of the chosen tags (the quick filter's tags require all of them).
      const sql =
        key === 'tags'
          ? `(e.tags && ${p.add(c.values ?? [])}::text[])`
          : ((key === 'orgTypes' ? orgTypeSql(p, c.values ?? [], types) : null) ??
            fromFilters(p, { [key]: c.values ?? [] }));
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

/**
 * WHERE clause (without the keyword) of a condition set: groups and conditions with AND/OR.
 * `types` (orgTypeValues) turns organisation-type conditions into indexed equalities.
 *
 * An OR group of "contains" conditions that all have a bigram gate (the assistant's keyword:
 * name or business scope contains it) is written `(gate1 or gate2) and (check1 or check2)`,
 * the same rows as `(gate1 and check1) or (gate2 and check2)` because each check implies its
 * gate. The gates then stand alone for the GIN bitmap scans and are not evaluated again per row
 * (the business-scope gate builds the bigrams of the whole text document, the costliest step).
 */
export function compileAdvancedCondition(
  p: SqlParams,
  c: AdvancedSearchCondition,
  types?: OrgTypeValues,
): string {
  const groups = activeGroups(c).map((g) => {
    if (g.logic === 'or' && g.conditions.length > 1 && g.conditions.every(isGated)) {
      const parts = g.conditions.map((x) => textCondition(p, x.field as TextField, x.value ?? ''));
      return `((${parts.map((x) => x.gate).join(' or ')}) and (${parts.map((x) => x.check).join(' or ')}))`;
    }
    const parts = g.conditions.map((cond) => conditionSql(p, cond, types));
    return parts.length === 1 ? parts[0] : `(${parts.join(` ${g.logic} `)})`;
  });
  if (groups.length === 0) return 'true';
  return groups.length === 1 ? groups[0] : `(${groups.join(` ${c.logic} `)})`;
}

/** Extra quick filters (the /companySearch panel) AND-ed to the condition groups. */
function whereOf(
  p: SqlParams,
  c: AdvancedSearchCondition,
  filters?: EnterpriseFilters,
  types?: OrgTypeValues,
): string {
  return [
    compileAdvancedCondition(p, c, types),
    ...(filters ? filterConditions(p, filters) : []),
  ].join(' and ');
}

/** Matching enterprises, counted up to MATCH_CAP (the live count beside the conditions). */
export async function countAdvanced(
  condition: AdvancedSearchCondition,
  db: pg.Pool = getReadPool(),
  filters?: EnterpriseFilters,
  types?: OrgTypeValues,
): Promise<AdvancedCount> {
  const started = Date.now();
  const p = new SqlParams();
  const where = whereOf(p, condition, filters, types ?? (await orgTypeValues(db, condition)));
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
  db: pg.Pool = getReadPool(),
  filters?: EnterpriseFilters,
  types?: OrgTypeValues,
): Promise<number[]> {
  if (limit <= 0) return [];
  const p = new SqlParams();
  const where = whereOf(p, condition, filters, types ?? (await orgTypeValues(db, condition)));
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
  const db = options.db ?? getReadPool();
  const offset = (req.pageNo - 1) * req.pageSize;
  const limit = Math.max(0, Math.min(req.pageSize, options.maxResults - offset));
  const types = await orgTypeValues(db, req);
  const [count, ids] = await Promise.all([
    countAdvanced(req, db, options.filters, types),
    advancedIds(req, req.sort, offset, limit, db, options.filters, types),
  ]);
  return {
    ...count,
    list: await loadHits(db, ids, options.highlight ?? highlightKeyword(req)),
    ...limitedPaging(req, options.maxResults, offset),
    tookMs: Date.now() - started,
  };
}

/**
 * The park search's fallback when no park record has the name (estate/park-search.ts):
 * companies whose registered address names the park, with the quick filters of /companySearch.
 * No facets: the park is already a narrow place.
 */
export async function searchByParkAddress(
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
  return {
    ...r,
    totalText: formatTotal(r.total, r.totalCapped),
    facets: { region: [], industry: [], status: [], capitalBand: [], establishBand: [] },
  };
}

export type { AdvancedCount, AdvancedSearchResult };
