import { createHash, randomInt } from 'node:crypto';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { insertPassedCaptcha } from '../../test/helpers/captcha-pass';
import { withE2eDb } from './db';

/** The password every seeded demo account has (README). */
export const DEMO_PASSWORD = 'Demo@2026';

/** A passed slider captcha in the e2e server's database (see insertPassedCaptcha). */
export function insertCaptchaPass(): Promise<string> {
  return withE2eDb((db) => insertPassedCaptcha((sql, params) => db.query(sql, params)));
}

/**
 * Signs a browser context in through the BFF (POST /api/system/auth/login), so the sealed session
 * cookie lands in the context's cookie jar: `signIn(page.request, 'free_admin')`.
 */
export async function signIn(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const res = await request.post('/api/system/auth/login', {
    data: { username, password, rememberMe: true, captchaVerification: await insertCaptchaPass() },
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`login of ${username} failed: ${body.code} ${body.msg}`);
}

/** Signs in by SMS code (scene 21) through the BFF, as an existing account. */
export async function signInBySms(request: APIRequestContext, mobile: string): Promise<void> {
  const code = await sendSmsCode(request, mobile, 21);
  const res = await request.post('/api/system/auth/sms-login', {
    data: { mobile, code, rememberMe: true },
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`SMS login of ${mobile} failed: ${body.code} ${body.msg}`);
}

/**
 * Sends an SMS code through the BFF as the signed-in context; the captcha is inserted as passed.
 * For steps whose subject is not the SMS button itself. Demo mode answers the code for demo
 * accounts and new numbers; for a number registered during the run (not a demo account) the
 * server only logs it, so a known code is stored as the SMS service stores one. Earlier sends to
 * the number are moved back a minute first, so a journey need not wait out the 60 s resend rule
 * between its steps.
 */
export async function sendSmsCode(
  request: APIRequestContext,
  mobile: string,
  scene: number,
): Promise<string> {
  // Every send of the run comes from 127.0.0.1, so the daily caps (50 per IP, 10 per number)
  // would end a long run, retries included. Earlier sends are moved back a day: out of today's
  // counts and past the 60 s resend rule; their codes stay valid (expiry is its own column). The
  // hourly risk rule's counters (lib/server/platform/sms/sms-risk.ts) start afresh for the same reason.
  await withE2eDb(async (db) => {
    await db.query(`update sms_codes set created_at = created_at - interval '1 day'`);
    await db.query(`delete from rate_limit_counters where key like 'sms:risk:%'`);
  });
  const res = await request.post('/api/system/auth/send-sms-code', {
    data: { mobile, scene, captchaVerification: await insertCaptchaPass() },
  });
  const body = (await res.json()) as { code: number; msg: string; data: string | null };
  if (body.code !== 200) throw new Error(`send-sms-code failed: ${body.code} ${body.msg}`);
  return body.data ?? insertSmsCode(mobile, scene);
}

/** A valid code stored as lib/server/identity/auth/sms.service.ts stores one (hash of mobile:scene:code). */
export async function insertSmsCode(mobile: string, scene: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = createHash('sha256').update(`${mobile}:${scene}:${code}`).digest('hex');
  await withE2eDb((db) =>
    db.query(
      `insert into sms_codes (mobile, scene, code, create_ip, expires_at)
       values ($1, $2, $3, '127.0.0.1', now() + interval '10 minutes')`,
      [mobile, scene, hash],
    ),
  );
  return code;
}

let mobileSeq = 0;
/** A number no seeded or earlier account has (177 prefix, time-based, unique within the run). */
export function freshE2eMobile(): string {
  mobileSeq += 1;
  const tail = `${Date.now() % 1_000_000}`.padStart(6, '0') + `${mobileSeq % 100}`.padStart(2, '0');
  return `177${tail}`;
}

/**
 * Registers a new phone user through the BFF (SMS code of scene 21, then sign-up-by-mobile) and
 * leaves the context signed in. With `companyName` the user founds that tenant and administers
 * it; with `invitationCode` only, the user asks to join the inviting tenant (the answer's code
 * is returned: 200 joined, 1002029003 waiting for approval).
 */
export async function signUp(
  request: APIRequestContext,
  opts: { companyName?: string; invitationCode?: string } = {},
): Promise<{ mobile: string; code: number }> {
  const mobile = freshE2eMobile();
  const smsCode = await sendSmsCode(request, mobile, 21);
  const res = await request.post('/api/system/auth/sign-up-by-mobile', {
    data: { mobile, smsCode, rememberMe: true, ...opts },
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200 && body.code !== 1002029003)
    throw new Error(`sign-up of ${mobile} failed: ${body.code} ${body.msg}`);
  return { mobile, code: body.code };
}

/** HMR actions that make Next refresh or reload an open page. */
const RELOAD_ACTIONS = new Set([
  'serverComponentChanges',
  'serverOnlyChanges',
  'clientChanges',
  'staticParamsChanged',
  'addedPage',
  'removedPage',
  'reloadPage',
  'middlewareChanges',
  'turbopack-message',
]);

/**
 * Under the dev server (E2E_DEV=1) a file saved anywhere in the checkout makes Next refresh or
 * reload open pages through its HMR socket, which closes dialogs mid-journey. The socket is
 * passed through without those messages; production runs are unaffected.
 */
export async function holdDevReloads(context: BrowserContext): Promise<void> {
  if (process.env.E2E_DEV !== '1') return;
  await context.routeWebSocket(/\/_next\/(webpack-)?hmr/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (typeof message === 'string') {
        try {
          const { action } = JSON.parse(message) as { action?: string };
          if (action && RELOAD_ACTIONS.has(action)) return;
        } catch {
          // Not JSON: pass it on.
        }
      }
      ws.send(message);
    });
    ws.onMessage((message) => server.send(message));
  });
}
