/**
 * What the two top-bar search boxes share (spec 2.4, 4.1, 9): the antd box of the signed-in shell
 * and the search page, and the lean box of the public pages. Free of antd, so the lean one stays
 * light.
 */
export type SearchMode = 'enterprise' | 'park';

/** Nav-bar suggestions are debounced 300 ms and at most 10. */
export const SUGGEST_DEBOUNCE_MS = 300;
export const SUGGEST_LIMIT = 10;
/** The suggestion list is at least this wide (px), wider than a narrow box (issue 28 item 7). */
export const SUGGEST_POPUP_MIN_WIDTH = 420;

export const SEARCH_PLACEHOLDER: Record<SearchMode, string> = {
  enterprise: '请输入企业名称、法人、股东、统一社会信用代码',
  park: '请输入园区名称',
};

/** The results page of a keyword (and the park search when that mode is chosen). */
export function searchUrl(keyword: string, mode: SearchMode): string {
  const q = new URLSearchParams({ searchValue: keyword.trim() });
  if (mode === 'park') q.set('searchType', 'park');
  return `/companySearch?${q}`;
}

/** The typed keyword highlighted in a suggestion (its first occurrence). */
export function highlightKeyword(text: string, keyword: string): React.ReactNode {
  const k = keyword.trim();
  const at = k ? text.indexOf(k) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <em className="hl">{k}</em>
      {text.slice(at + k.length)}
    </>
  );
}
