import 'server-only';
import {
  clientInfo,
  SESSION_COOKIE,
  checkRateLimit,
  RATE_POLICIES,
  type RatePolicyName,
  partLogger,
} from '@/lib/server/platform/proxy-door';
import { pageViewerFrom, type CookieReader } from './session-viewer';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import { rateUserOf, type RateIdentity } from '../tenant/rate-caller';
import { PRODUCT_NAME } from '@/lib/shared/brand';

// Free of Next's request APIs: server.ts's page cache loads it outside Next (importing
// next/headers there breaks Next's start-up).

/** The policy whose budget a server-rendered page draws on (RATE_POLICIES[…].pages). */
export function pagePolicyFor(pathname: string): RatePolicyName | null {
  for (const [name, policy] of Object.entries(RATE_POLICIES))
    if ('pages' in policy && (policy.pages as readonly string[]).includes(pathname))
      return name as RatePolicyName;
  return null;
}

/** The signed-in user of a page request: a session whose access token is still valid. */
export async function sessionRateIdentity(cookies: CookieReader): Promise<RateIdentity | null> {
  if (!cookies.get(SESSION_COOKIE)) return null;
  const { viewer } = await pageViewerFrom(cookies);
  return viewer.userId ? { userId: viewer.userId, tenantId: viewer.tenantId } : null;
}

/**
 * The answer over the limit: Chinese text laid out like the 403/404/500 pages (StatusPage), with
 * its own small inline style (no app shell, no script, no stack; issue 28 item 7: it was bare HTML).
 */
export function tooManyRequestsPage(retryAfterSeconds: number): Response {
  const style = [
    'body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f7fa;color:rgba(0,0,0,.88)}',
    'header{height:56px;display:flex;align-items:center;padding:0 24px;background:#fff;border-bottom:1px solid #f0f0f0}',
    'header a{color:#1677ff;font-weight:600;font-size:18px;text-decoration:none}',
    'main{min-height:70vh;display:grid;place-items:center;padding:24px}',
    'main div{text-align:center;max-width:480px}',
    '.code{font-size:72px;font-weight:700;color:#1677ff;line-height:1}',
    'h1{font-size:22px;margin:16px 0 8px}',
    'p{color:rgba(0,0,0,.65);margin:0 0 24px;line-height:1.7}',
    '.home{display:inline-block;padding:6px 16px;border-radius:6px;background:#1677ff;color:#fff;text-decoration:none}',
  ].join('');
  const html = `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>访问过于频繁${PRODUCT_SUFFIX}</title><style>${style}</style></head>
<body>
<header><a href="/">${PRODUCT_NAME}</a></header>
<main><div>
<div class="code">429</div>
<h1>访问过于频繁</h1>
<p>请 ${retryAfterSeconds} 秒后再试。登录后访问额度更高，付费版本额度更高。</p>
<a class="home" href="/">返回首页</a>
</div></main>
</body>
</html>
`;
  return new Response(html, {
    status: 429,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(retryAfterSeconds),
    },
  });
}

/**
 * Counts a view of a rate-limited page against the same budget as its API: per user when the
 * session's access token is valid, else per address (an expired token counts by address until
 * the client's first API call refreshes it). Over the limit → the 429 page; otherwise null and
 * the page renders. A limiter failure lets the page through (it logs): the page itself then
 * reports what is wrong. `identity` is asked only for pages that have a limit.
 */
export async function limitPageView(
  pathname: string,
  headers: Headers,
  identity: () => Promise<RateIdentity | null>,
): Promise<Response | null> {
  const name = pagePolicyFor(pathname);
  if (!name) return null;
  try {
    const decision = await checkRateLimit(
      name,
      clientInfo(headers).ip,
      await rateUserOf(await identity()),
    );
    return decision.allowed ? null : tooManyRequestsPage(decision.retryAfterSeconds);
  } catch (err) {
    partLogger('rate-limit').error({ err }, 'page limit not applied');
    return null;
  }
}
