import type { SearchUrls } from './search-url';

/** Page numbers around the current one: 1 … 4 5 [6] 7 8 … 20. */
function window(current: number, last: number): (number | '…')[] {
  const out: (number | '…')[] = [];
  const from = Math.max(2, current - 2);
  const to = Math.min(last - 1, current + 2);
  out.push(1);
  if (from > 2) out.push('…');
  for (let i = from; i <= to; i++) out.push(i);
  if (to < last - 1) out.push('…');
  if (last > 1) out.push(last);
  return out;
}

/**
 * Paging links (server-rendered plain anchors, no client code). Pages stop at the edition's
 * depth; beyond it the page says how far this edition reaches.
 */
export function Pager({
  urls,
  total,
  maxResults,
  signedIn,
}: {
  urls: SearchUrls;
  total: number;
  maxResults: number;
  signedIn: boolean;
}) {
  const { pageNo, pageSize } = urls.query;
  const reachable = Math.min(total, maxResults);
  const last = Math.max(1, Math.ceil(reachable / pageSize));
  const limited = total > maxResults;
  if (total === 0) return null;
  return (
    <nav className="sr-pager" aria-label="分页">
      {pageNo > 1 ? (
        <a href={urls.page(Math.min(pageNo - 1, last))} rel="prev nofollow" className="sr-page">
          上一页
        </a>
      ) : (
        <span className="sr-page is-disabled">上一页</span>
      )}
      {window(Math.min(pageNo, last), last).map((n, i) =>
        n === '…' ? (
          <span key={`gap-${i}`} className="sr-gap">
            …
          </span>
        ) : (
          <a
            key={n}
            href={urls.page(n)}
            rel="nofollow"
            className={n === pageNo ? 'sr-page is-active' : 'sr-page'}
            aria-current={n === pageNo ? 'page' : undefined}
          >
            {n}
          </a>
        ),
      )}
      {pageNo < last ? (
        <a href={urls.page(pageNo + 1)} rel="next nofollow" className="sr-page">
          下一页
        </a>
      ) : (
        <span className="sr-page is-disabled">下一页</span>
      )}
      {limited ? (
        <span className="sr-limit" data-testid="depth-limit">
          {signedIn
            ? `当前版本最多可查看前 ${maxResults} 条结果，升级会员可查看更多`
            : `未登录最多可查看前 ${maxResults} 条结果，登录并升级会员可查看更多`}
        </span>
      ) : null}
    </nav>
  );
}
