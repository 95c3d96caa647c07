/*
 * The result limit of an edition (maxResults): searches and lists say the same thing past it.
 */

/** What a page says when it lies beyond the limit (会员 see more). */
export const beyondLimitNotice = (maxResults: number) =>
  `当前版本最多可查看前 ${maxResults} 条结果，升级会员可查看更多`;

/** The paging part of a limited result: the page asked for, the limit, and the notice past it. */
export function limitedPaging(
  q: { pageNo: number; pageSize: number },
  maxResults: number,
  offset: number,
): { pageNo: number; pageSize: number; maxResults: number; notice: string | null } {
  return {
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    maxResults,
    notice: offset >= maxResults ? beyondLimitNotice(maxResults) : null,
  };
}
