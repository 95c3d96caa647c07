import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  getDb,
  apiError,
  hitRateLimit,
  getSmsSender,
  SmsDeliveryError,
  partLogger,
  chinaTodayStart,
  clockDate,
  serverClock,
  sqlNow,
} from '@/lib/server/platform';
import { smsCodes } from '@/db/schema';
import type { SmsScene } from '@/lib/shared/validation';
import { isOpenDemoNumber, mayRevealCode } from '@/lib/server/identity/auth/demo-code-disclosure';

export const SMS_CODE_TTL_MS = 10 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_DAILY_LIMIT_PER_MOBILE = 10;
export const SMS_DAILY_LIMIT_PER_IP = 50;
/** Wrong guesses per phone in 10 minutes before every check is refused (1,000,000 codes). */
export const SMS_VERIFY_FAILURES_LIMIT = 10;

function codeHash(mobile: string, scene: number, code: string): string {
  return createHash('sha256').update(`${mobile}:${scene}:${code}`).digest('hex');
}

export type SendSmsResult = {
  /**
   * The code itself, only in demo mode with the demo adapter, to a loopback caller (or with
   * DEMO_SMS_CODE_IN_RESPONSE=1) and for a number open in the demo (see demo-code-disclosure).
   */
  code: string | null;
};

/**
 * Creates and sends a 6-digit code: 10 minutes, single use; one send per phone per 60 s, 10 per
 * phone and 50 per IP per China day. The caller has already checked the captcha and the scene.
 */
export async function sendSmsCode(
  mobile: string,
  scene: SmsScene,
  ip: string,
  /** The request came through a proxy (ClientInfo.forwarded): never a loopback demo audience. */
  forwarded = false,
): Promise<SendSmsResult> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const sender = getSmsSender();
  const revealed = await mayRevealCode(mobile, sender, { ip, forwarded });
  const db = getDb();
  const inserted = await db.transaction(async (tx) => {
    // Serialise sends per phone so two quick requests cannot both pass the 60 s check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`);
    // Days are counted in China time on the server clock: the daily limits reset at midnight
    // Beijing time. Codes stamped "later" (the clock went back) still count: no second allowance.
    const startOfChinaDay = chinaTodayStart();
    const stats = await tx.execute<{ today: number; last_at: Date | null; ip_today: number }>(sql`
      select
        (select count(*) from sms_codes where mobile = ${mobile} and created_at >= ${startOfChinaDay})::int as today,
        (select max(created_at) from sms_codes where mobile = ${mobile}) as last_at,
        (select count(*) from sms_codes where create_ip = ${ip} and created_at >= ${startOfChinaDay})::int as ip_today`);
    const row = stats.rows[0];
    if (
      Number(row.today) >= SMS_DAILY_LIMIT_PER_MOBILE ||
      Number(row.ip_today) >= SMS_DAILY_LIMIT_PER_IP
    ) {
      throw apiError('SMS_CODE_DAILY_LIMIT');
    }
    // Either way: a clock that went back a few seconds must not open a second send in the minute.
    const sinceLast = row.last_at ? serverClock.now() - new Date(row.last_at).getTime() : Infinity;
    if (Math.abs(sinceLast) < SMS_RESEND_INTERVAL_MS) {
      throw apiError('SMS_CODE_TOO_FAST');
    }
    const [r] = await tx
      .insert(smsCodes)
      .values({
        mobile,
        scene,
        code: codeHash(mobile, scene, code),
        createIp: ip,
        createdAt: clockDate(),
        expiresAt: new Date(serverClock.now() + SMS_CODE_TTL_MS),
        revealed,
      })
      .returning({ id: smsCodes.id });
    return r.id;
  });
  try {
    await sender.send({ mobile, code, scene });
  } catch (err) {
    // A failed delivery must not cost the user a send or a minute of waiting.
    await db.delete(smsCodes).where(eq(smsCodes.id, inserted));
    if (err instanceof SmsDeliveryError) {
      partLogger('sms').error(`${err.message} (${err.providerCode ?? '-'})`);
      throw apiError('SERVICE_UNAVAILABLE');
    }
    throw err;
  }
  return { code: revealed ? code : null };
}

/**
 * Checks a code and marks it used. Errors: 1002014000 wrong/not found, 1002014001 expired,
 * 1002014002 already used; too many wrong guesses for a phone → 429.
 */
export async function consumeSmsCode(mobile: string, scene: SmsScene, code: string): Promise<void> {
  const db = getDb();
  const failKey = `sms:verify-fail:${mobile}`;
  const failWindow = 10 * 60 * 1000;
  const windowStart = new Date(Math.floor(serverClock.now() / failWindow) * failWindow);
  const fails = await db.execute<{ count: number }>(
    sql`select count from rate_limit_counters where key = ${failKey} and window_start = ${windowStart.toISOString()}`,
  );
  if (Number(fails.rows[0]?.count ?? 0) >= SMS_VERIFY_FAILURES_LIMIT)
    throw apiError('TOO_MANY_REQUESTS');

  const [row] = await db
    .select({
      id: smsCodes.id,
      usedAt: smsCodes.usedAt,
      expiresAt: smsCodes.expiresAt,
      revealed: smsCodes.revealed,
    })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobile, mobile),
        eq(smsCodes.scene, scene),
        eq(smsCodes.code, codeHash(mobile, scene, code)),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row) {
    await hitRateLimit(failKey, SMS_VERIFY_FAILURES_LIMIT, failWindow);
    throw apiError('SMS_CODE_NOT_FOUND');
  }
  if (row.usedAt) throw apiError('SMS_CODE_USED');
  if (row.expiresAt.getTime() <= serverClock.now()) throw apiError('SMS_CODE_EXPIRED');
  // A code answered while the number was open (e.g. before it was registered) must not open the
  // account that holds the number now.
  if (row.revealed && !(await isOpenDemoNumber(mobile))) throw apiError('SMS_CODE_NOT_FOUND');
  const used = await db
    .update(smsCodes)
    .set({ usedAt: sqlNow() })
    .where(and(eq(smsCodes.id, row.id), sql`${smsCodes.usedAt} is null`))
    .returning({ id: smsCodes.id });
  // Lost a race with a parallel request using the same code.
  if (used.length === 0) throw apiError('SMS_CODE_USED');
}
