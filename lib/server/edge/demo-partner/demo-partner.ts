import 'server-only';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { config, demoPartner } from '@/lib/server/platform';
import { signExchange } from '@/lib/server/identity';
import { API_ROOT_PREFIX } from '@/lib/server/edge/api/dispatch';
import { exchangePartnerCode, type PartnerIdentity } from '@/lib/shared/partner/partner.contract';
import type { PartnerPlatform } from '@/lib/shared/partner/partner-settings';
import { getEdition } from '@/lib/shared/vip/editions';

/**
 * The demo partner platform (issue 35 item 5, ADR 0206): a few pages on a second port, with its
 * own sign-in by code exchange, so the embedded-partner flow runs on one machine in demo mode and
 * in the e2e tests. It behaves as a real partner must: it redeems the code server to server with
 * a signed request, keeps its own session cookie, lets only this app frame it, and posts the two
 * messages of spec 4.1 to this app's origin only. Not a model of anything else.
 */

const COOKIE = 'demo_partner_sid';
const SESSION_TTL_MS = 8 * 3600_000;

type Page = { path: string; title: string; body: string };

const PAGES: readonly Page[] = [
  {
    path: '/pages/report',
    title: '合作平台报告',
    body: '本月新增重点企业 128 家，其中高新技术企业 37 家。',
  },
  { path: '/pages/plants', title: '厂房楼宇', body: '可租厂房 24 处，平均租金 28 元/平方米/月。' },
  {
    path: '/pages/overview',
    title: '产业分析',
    body: '区域主导产业：智能制造、生物医药、新材料。',
  },
];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A path of this site only (the `next` of a sign-in), else the first page. */
function sitePath(raw: string | null): string {
  return raw && PAGES.some((p) => p.path === raw) ? raw : PAGES[0].path;
}

function readCookie(req: http.IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

export type DemoPartnerServer = { close: () => void; origin: string };

export function createDemoPartnerHandler(
  partner: PartnerPlatform,
  site: { origin: string; api: string },
) {
  const sessions = new Map<string, { who: PartnerIdentity; until: number }>();

  const send = (res: http.ServerResponse, status: number, html: string, nonce: string) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      // Framed by this app alone; its one script carries the nonce.
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action 'self' ${site.origin}; frame-ancestors ${site.origin}`,
    });
    res.end(html);
  };

  const layout = (
    title: string,
    main: string,
    message: string | null,
    nonce: string,
  ) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} - ${escapeHtml(partner.name)}</title>
<style>
body{margin:0;font:14px/1.6 system-ui,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2937;background:#f0f5ff}
header{background:#13c2c2;color:#fff;padding:10px 20px;display:flex;gap:16px;align-items:center;flex-wrap:wrap}
header strong{font-size:16px}header a{color:#fff}main{padding:20px;max-width:880px}
.card{background:#fff;border-radius:8px;padding:16px 20px;margin-bottom:16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
button,.btn{background:#13c2c2;color:#fff;border:0;border-radius:6px;padding:6px 14px;font-size:14px;cursor:pointer;text-decoration:none;display:inline-block}
</style></head><body>${main}${
    message
      ? `<script nonce="${nonce}">parent !== window && parent.postMessage({ type: ${JSON.stringify(message)} }, ${JSON.stringify(site.origin)});</script>`
      : ''
  }</body></html>`;

  const loginPage = (nonce: string, error?: string) => {
    const back = new URL('/tungee-login', site.origin);
    back.searchParams.set('redirectUrl', new URL(partner.signInPath, partner.origin).toString());
    return layout(
      '登录',
      `<header><strong>${escapeHtml(partner.name)}</strong></header><main><div class="card">
<h1>登录${escapeHtml(partner.name)}</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<p>本平台使用拓客雷达账号登录。</p><a class="btn" href="${escapeHtml(back.toString())}">使用拓客雷达账号登录</a></div></main>`,
      'LOGIN_PAGE_LOADED',
      nonce,
    );
  };

  const appPage = (page: Page, who: PartnerIdentity, nonce: string) =>
    layout(
      page.title,
      `<header><strong>${escapeHtml(partner.name)}</strong>${PAGES.map(
        (p) => `<a href="${p.path}">${escapeHtml(p.title)}</a>`,
      ).join(
        '',
      )}<span data-testid="partner-user">欢迎，${escapeHtml(who.nickname)}（${escapeHtml(who.tenantName)} · ${getEdition(who.edition).name}）</span></header>
<main><div class="card"><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.body)}</p></div>
<form method="post" action="/logout"><button type="submit">退出合作平台登录</button></form></main>`,
      'APP_PAGE_LOADED',
      nonce,
    );

  /** Server to server, signed: the code for who the member is (the partner's half of ADR 0206). */
  async function redeem(code: string): Promise<PartnerIdentity | string> {
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signExchange(partner.secret, partner.id, timestamp, code);
    try {
      const res = await fetch(`${site.api}${API_ROOT_PREFIX}${exchangePartnerCode.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ partnerId: partner.id, code, timestamp, signature }),
      });
      const answer = (await res.json()) as { code: number; msg: string; data: PartnerIdentity };
      return answer.code === 200 ? answer.data : answer.msg;
    } catch {
      return '拓客雷达暂时无法访问';
    }
  }

  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', partner.origin);
    const nonce = randomBytes(16).toString('base64');
    const sid = readCookie(req, COOKIE);
    const session = sid ? sessions.get(sid) : undefined;
    const who = session && session.until > Date.now() ? session.who : null;

    if (url.pathname === partner.signInPath && req.method === 'GET') {
      const code = url.searchParams.get('code');
      const result = code ? await redeem(code) : '缺少登录码';
      if (typeof result === 'string') return send(res, 401, loginPage(nonce, result), nonce);
      const id = randomBytes(24).toString('base64url');
      sessions.set(id, { who: result, until: Date.now() + SESSION_TTL_MS });
      res.writeHead(302, {
        location: sitePath(url.searchParams.get('next')),
        'set-cookie': `${COOKIE}=${id}; HttpOnly; SameSite=Lax; Path=/`,
        'cache-control': 'no-store',
      });
      return res.end();
    }
    if (url.pathname === '/logout' && req.method === 'POST') {
      if (sid) sessions.delete(sid);
      res.writeHead(303, { location: '/login', 'set-cookie': `${COOKIE}=; Max-Age=0; Path=/` });
      return res.end();
    }
    if (url.pathname === '/login') return send(res, 200, loginPage(nonce), nonce);
    const page =
      PAGES.find((p) => p.path === url.pathname) ?? (url.pathname === '/' ? PAGES[0] : null);
    if (!page)
      return send(res, 404, layout('页面不存在', '<main>页面不存在</main>', null, nonce), nonce);
    if (!who) {
      res.writeHead(302, { location: '/login', 'cache-control': 'no-store' });
      return res.end();
    }
    return send(res, 200, appPage(page, who, nonce), nonce);
  };
}

/**
 * Starts the demo partner beside the app when it is the partner in force (demo mode, no
 * PARTNER_PLATFORMS, DEMO_PARTNER_PORT not 0); null otherwise or when its port is taken.
 */
export async function startDemoPartner(
  log: (m: string) => void,
): Promise<DemoPartnerServer | null> {
  const partner = demoPartner();
  if (!partner || config.partnerPlatforms.trim()) return null;
  const handler = createDemoPartnerHandler(partner, {
    origin: config.siteUrl,
    api: `http://127.0.0.1:${config.port}`,
  });
  const server = http.createServer((req, res) => {
    handler(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  const port = config.demoPartnerPort;
  const started = await new Promise<boolean>((resolve) => {
    server.once('error', (err: Error) => {
      log(`演示合作平台未启动（端口 ${port}）：${err.message}`);
      resolve(false);
    });
    server.listen(port, config.host, () => resolve(true));
  });
  if (!started) return null;
  log(`演示合作平台：${partner.origin}`);
  return { close: () => server.close(), origin: partner.origin };
}
