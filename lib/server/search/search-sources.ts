import { bigramsOf, gramFrequency, type GramField, type TermStats } from './term-stats';
import { escapeLike, type SqlParams } from './search-sql';

/*
 * Match sources of a keyword: each says how a keyword matches one field, as a cheap per-row check
 * for walks and as an index-friendly condition, with its estimated frequency (search-rank.ts picks
 * the plan from it).
 */

/** Match tiers: lower ranks first under relevance sorting. */
export const TIER = { exact: 0, prefix: 1, name: 2, code: 3, other: 4 } as const;

/**
 * One way a keyword can match. `walk` is a cheap per-row check (strpos on stored or raw text) used
 * while walking a weight/sort-ordered index; `indexed` adds what lets the planner answer from an
 * index (bigram GIN, btree). `freq` is the estimated share of enterprises matching, from the
 * bigram statistics; null means the condition is a btree lookup and always cheap to index.
 */
export type Source = {
  tier: number;
  /** `text`: legal person and address (index-only walks, migration 0028); `scope`: business scope. */
  field: 'name' | 'code' | 'text' | 'scope' | 'holder' | 'phone' | 'exact' | 'prefix';
  walk: (p: SqlParams) => string;
  indexed: (p: SqlParams) => string;
  freq: number | null;
  /** `freq` is one bigram's measured frequency rather than an upper bound. */
  measured?: boolean;
  /** Columns `walk` reads (none listed: all), so a name walk can be an index-only scan. */
  columns?: string[];
  /**
   * A btree condition whose matches are counted (capped, index-only) before the plan is chosen:
   * `freq` is then measured rather than taken from bigram statistics (name and credit-code
   * prefixes, whose share runs from no company to a whole province).
   */
  probe?: (p: SqlParams) => string;
  /**
   * A check on the columns the walk index holds whose share is measured on the first rows of the
   * weight order (an index-only count) before the plan is chosen: the bigram statistics of the
   * text fields only know bigrams above ~0.5 %, so a city's address fragment (0.1-0.5 % of
   * companies) would otherwise be taken for a rare word and gathered from the table.
   */
  sample?: (p: SqlParams) => string;
  /**
   * A narrow table holding the columns `indexed` reads and those ranking and facets need, under
   * the same names and index expression as enterprises: read instead of enterprises (aliased `e`)
   * when the search has no filters, whose columns only enterprises has.
   */
  table?: string;
};

/**
 * Legal person, address, weight, sort and facet columns of every company (migration 0030): about
 * a seventh of the enterprises table, in address order, so a fragment's matches are few pages.
 */
export const SEARCH_TEXTS_TABLE = 'enterprise_search_texts';

/** The table a source's matches are read from: its narrow table unless filters need enterprises. */
export const sourceTable = (source: Source, filtered: boolean): string =>
  source.table && !filtered ? source.table : 'enterprises';

/**
 * The address as a keyword's search form is compared with: lower-cased only when the form has
 * letters (lower() of every walked address is most of a walk's cost; a form without letters
 * matches the lower-cased address exactly where it matches the address).
 */
const addressText = (form: string) =>
  /[a-z]/.test(form) ? `lower(coalesce(e.address, ''))` : `coalesce(e.address, '')`;

export const looksLikePhone = (keyword: string, form: string) =>
  /^\d{7,12}$/.test(form) || /^\d{3,4}-\d{7,8}$/.test(keyword);

/**
 * The start of a unified social credit code (GB 32100: authority, kind, 6-digit region, 9-character
 * organisation code, check character) from its 4th character on: authority + kind + the province's
 * two digits is the shortest prefix that says something (all enterprises of one province), and
 * the first 2-3 characters are shared by nearly every company. The authority is 1-9, A-G, N or
 * Y and the kind a digit 1-9; letters outside the code alphabet (I, O, S, V, Z) or among the
 * region digits make it an ordinary word (2048, ab12).
 */
const CODE_PREFIX = /^[1-9a-gny][1-9](?:\d{2,6}|\d{6}[0-9a-hj-npqrtuw-y]{1,10})$/;
export const looksLikeCode = (form: string) => CODE_PREFIX.test(form);

/**
 * The bigrams handed to a GIN index: the rarest few. Every listed bigram's posting list is read
 * in full, and 有限 or 公司 list most of the table; the strpos check keeps the result exact.
 */
function indexGrams(stats: TermStats, field: GramField, grams: string[]): string[] {
  const freq = (g: string) => gramFrequency(stats, field, [g]);
  return [...grams].sort((a, b) => freq(a) - freq(b)).slice(0, 3);
}

/**
 * The ways `keyword` (its search form `form`) can match, one source per tier and field: the exact
 * name, a name prefix, the name's bigrams, a credit-code prefix, other text, shareholders, phones.
 */
export function keywordSources(keyword: string, form: string, stats: TermStats): Source[] {
  const grams = bigramsOf(form);
  const multi = Array.from(form).length >= 2;
  // The form has no punctuation, so neither LIKE wildcards nor the '|' between names.
  const namePrefix = (p: SqlParams) => `e.name_doc like ${p.add(`${escapeLike(form)}%`)}`;
  const nameEquals = (p: SqlParams) => `e.name_doc like ${p.add(`${escapeLike(form)}|%`)}`;
  const sources: Source[] = [
    {
      // The whole name, spaces, punctuation and case aside: its search form is name_doc's first
      // part, up to the '|' that ends it.
      tier: TIER.exact,
      field: 'exact',
      walk: nameEquals,
      columns: ['name_doc'],
      indexed: nameEquals,
      freq: null,
    },
    {
      // The name's search form starts with the keyword's (name_doc begins with it): the btree
      // index on name_doc answers it, the walk index holds it, and a capped count measures it.
      tier: TIER.prefix,
      field: 'prefix',
      walk: namePrefix,
      columns: ['name_doc'],
      indexed: namePrefix,
      probe: namePrefix,
      freq: null,
    },
  ];
  if (multi) {
    sources.push({
      tier: TIER.name,
      field: 'name',
      walk: (p) => `strpos(e.name_doc, ${p.add(form)}) > 0`,
      columns: ['name_doc'],
      indexed: (p) =>
        `public.lr_doc_bigrams(e.name_doc) @> ${p.add(indexGrams(stats, 'name', grams))}::text[] and strpos(e.name_doc, ${p.add(form)}) > 0`,
      freq: gramFrequency(stats, 'name', grams),
      measured: grams.length === 1 && stats.fields.name.freq.has(grams[0]),
    });
  }
  if (looksLikeCode(form)) {
    const code = `${form.toUpperCase()}%`;
    sources.push({
      tier: TIER.code,
      field: 'code',
      walk: (p) => `e.uncid like ${p.add(code)}`,
      columns: ['uncid'],
      indexed: (p) => `e.uncid like ${p.add(code)}`,
      probe: (p) => `e.uncid like ${p.add(code)}`,
      freq: null,
    });
  }
  // A credit code or phone number is looked up as one; its digit bigrams are everywhere in
  // addresses and would only make noise (and slow walks).
  const identifier = looksLikeCode(form) || looksLikePhone(keyword, form);
  if (multi && !identifier) {
    // Legal person and address are short: the walk index of migration 0028 holds them, so their
    // walks and their share never visit the table. Business scope is long and stays in the table.
    const personOrAddress = (p: SqlParams) => {
      const f = p.add(form);
      return `(strpos(e.legal_person, ${f}) > 0 or strpos(${addressText(form)}, ${f}) > 0)`;
    };
    const scope = (p: SqlParams) => `strpos(coalesce(e.business_scope, ''), ${p.add(form)}) > 0`;
    // Each part has its own bigram index (migration 0028); the statistics are the whole text's.
    const textGrams = indexGrams(stats, 'text', grams);
    // The scope's own statistics when its index has been analysed; else the whole text's (an
    // upper bound: address bigrams such as 大道 are frequent there and rare in scopes).
    const scopeField: GramField = stats.fields.scope.freq.size ? 'scope' : 'text';
    const personOrAddressGrams = (p: SqlParams) =>
      `public.lr_doc_bigrams(public.lr_text_doc(e.legal_person, e.address, null)) @> ${p.add(textGrams)}::text[]`;
    const scopeGrams = (p: SqlParams) =>
      `public.lr_bigrams(e.business_scope) @> ${p.add(indexGrams(stats, scopeField, grams))}::text[]`;
    const holderOf = (p: SqlParams) =>
      `strpos(lower(s.holder_name), ${p.add(form)}) > 0 and s.enterprise_id = e.id`;
    const holderFreq =
      stats.enterprises > 0
        ? Math.min(1, (gramFrequency(stats, 'holder', grams) * stats.holders) / stats.enterprises)
        : 0;
    const textFreq = gramFrequency(stats, 'text', grams);
    sources.push(
      {
        tier: TIER.other,
        field: 'text',
        walk: personOrAddress,
        columns: ['legal_person', 'address'],
        indexed: (p) => `${personOrAddressGrams(p)} and ${personOrAddress(p)}`,
        sample: personOrAddress,
        table: SEARCH_TEXTS_TABLE,
        freq: textFreq,
      },
      {
        tier: TIER.other,
        field: 'scope',
        walk: scope,
        indexed: (p) => `${scopeGrams(p)} and ${scope(p)}`,
        freq: gramFrequency(stats, scopeField, grams),
      },
      {
        tier: TIER.other,
        field: 'holder',
        walk: (p) => `exists (select 1 from enterprise_shareholders s where ${holderOf(p)})`,
        indexed: (p) =>
          `e.id in (select s.enterprise_id from enterprise_shareholders s
             where public.lr_bigrams(s.holder_name) @> ${p.add(indexGrams(stats, 'holder', grams))}::text[] and strpos(lower(s.holder_name), ${p.add(form)}) > 0)`,
        // A person's name holds shares in hundreds of companies: their rows are read narrow.
        table: SEARCH_TEXTS_TABLE,
        freq: holderFreq,
      },
    );
  }
  if (looksLikePhone(keyword, form)) {
    const phone = (p: SqlParams) =>
      `e.id in (select c.enterprise_id from enterprise_contacts c where c.value = ${p.add(keyword)} or c.value = ${p.add(form)})`;
    sources.push({
      tier: TIER.other,
      field: 'phone',
      walk: phone,
      indexed: phone,
      table: SEARCH_TEXTS_TABLE,
      freq: null,
    });
  }
  return sources;
}

/** The park option of the suggestions: the park name in addresses (at least 2 characters). */
export function parkAddressSource(form: string, stats: TermStats): Source {
  const grams = bigramsOf(form);
  const address = (p: SqlParams) => `strpos(${addressText(form)}, ${p.add(form)}) > 0`;
  return {
    tier: TIER.other,
    field: 'text',
    walk: address,
    // The walk index of migration 0028 holds the address: walks never visit the table.
    columns: ['address'],
    indexed: (p) =>
      `public.lr_doc_bigrams(public.lr_text_doc(e.legal_person, e.address, null)) @> ${p.add(grams)}::text[] and ${address(p)}`,
    table: SEARCH_TEXTS_TABLE,
    freq: gramFrequency(stats, 'text', grams),
  };
}
