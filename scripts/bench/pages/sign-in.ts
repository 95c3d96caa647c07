import pg from 'pg';
import { insertPassedCaptcha } from '../../../test/helpers/captcha-pass';

/** The password of the seeded demo accounts (README). */
const DEMO_PASSWORD = 'Demo@2026';

/** A captcha verification already passed, written into the benchmark server's database. */
export async function passedCaptcha(databaseUrl: string): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await insertPassedCaptcha((sql, params) => db.query(sql, params));
  } finally {
    await db.end();
  }
}

/**
 * Signs a demo account in through the BFF as a browser would (password login with a passed
 * captcha) and answers the session cookie, for measuring signed-in pages.
 */
export async function signInCookie(
  origin: string,
  databaseUrl: string,
  username: string,
): Promise<string> {
  const captchaVerification = await passedCaptcha(databaseUrl);
  const res = await fetch(`${origin}/api/system/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      username,
      password: DEMO_PASSWORD,
      rememberMe: true,
      captchaVerification,
    }),
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`login of ${username} failed: ${body.code} ${body.msg}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`login of ${username} set no cookie`);
  return cookie;
}
