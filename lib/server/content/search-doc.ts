/**
 * Search fields of a content row (ADR 0140), computed by whoever writes the row (demo seed, import):
 * `title_doc` (the normalised title), `search_doc` (normalised fields joined by '|', so no match
 * or bigram spans two fields) and `grams` (the document's distinct character bigrams, GIN-indexed).
 * Normalisation follows SQL lr_search_norm (migration 0003): lower case, whitespace and punctuation
 * removed; queries are normalised the same way (content-sql.ts), so both sides always agree.
 */

const STRIP = /[\s\p{P}\p{S}（）【】《》〈〉「」『』、，。：；！？“”‘’·…—～]+/gu;

export function normaliseText(text: string): string {
  return text.toLowerCase().replace(STRIP, '');
}

/** Distinct bigrams of a search document (code points; none across a '|' border). */
export function docGrams(doc: string): string[] {
  const chars = [...doc];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const a = chars[i];
    const b = chars[i + 1];
    if (a !== '|' && b !== '|') out.add(a + b);
  }
  return [...out];
}

/** Bigrams of a normalised keyword (a 1-character keyword has none). */
export function keywordGrams(norm: string): string[] {
  return docGrams(norm);
}

export type SearchFields = { titleDoc: string; searchDoc: string; grams: string[] };

/** The search fields of a row: its title first, then the other searchable texts in order. */
export function searchFields(title: string, ...rest: (string | null | undefined)[]): SearchFields {
  const titleDoc = normaliseText(title);
  const searchDoc = [titleDoc, ...rest.map((t) => normaliseText(t ?? ''))].join('|');
  return { titleDoc, searchDoc, grams: docGrams(searchDoc) };
}
