import 'server-only';
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  getDb,
  hitRateLimit,
  peekRateLimit,
  type ClientInfo,
  ipBucket,
} from '@/lib/server/platform';
import { captchaChallenges } from '@/db/schema';
import { aesDecrypt, captchaVerificationOf } from '@/lib/shared/captcha/aes';
import {
  CAPTCHA_CHALLENGE_TTL_MS,
  CAPTCHA_REP,
  CAPTCHA_VERIFICATION_TTL_MS,
  SLIDER_Y,
  checkClickAnswer,
  checkSliderAnswer,
  type CaptchaChallengeData,
  type CaptchaPoint,
  type CaptchaResponse,
  type CaptchaCheckRequest,
  type CaptchaType,
} from '@/lib/shared/captcha/protocol';
import type { CaptchaCheckData } from '@/lib/shared/captcha/captcha.contract';
import { renderClickWordImages, renderSliderImages } from './captcha-image';
import { dragTraceProblem } from './drag-trace';

export type { CaptchaCheckData };

/**
 * Captcha challenges (AJ-Captcha protocol, ../API-NOTES.md): one row per challenge in
 * captcha_challenges holding the answer in 310x155 frame pixels. A token is checked once; a pass
 * stores the captchaVerification that password login and SMS send consume once
 * (lib/server/identity/auth/captcha-gate.ts).
 */

/**
 * Limits: fetching (6201) per browser id and per IP; failures (6202) lock both for a window, so a
 * fresh browser id does not lift an address's lock. IPv6 addresses count by /64 (ip-bucket.ts).
 */
export const CAPTCHA_LIMITS = {
  getPerUidPerMinute: 30,
  getPerIpPerMinute: 120,
  failWindowMs: 10 * 60_000,
  failsPerUid: 5,
  failsPerIp: 30,
} as const;

type Rep = (typeof CAPTCHA_REP)[keyof typeof CAPTCHA_REP];

function rep<T>(r: Rep, repData: T | null = null): CaptchaResponse<T> {
  return { repCode: r.code, repMsg: r.msg, repData, success: r.code === CAPTCHA_REP.success.code };
}

const failKeys = (clientUid: string | null, ip: string | null) => ({
  uid: clientUid ? `captcha:fail:uid:${clientUid}` : null,
  ip: ip ? `captcha:fail:ip:${ipBucket(ip)}` : null,
});

async function isLocked(clientUid: string | null, ip: string | null): Promise<boolean> {
  const keys = failKeys(clientUid, ip);
  const [uidFails, ipFails] = await Promise.all([
    keys.uid ? peekRateLimit(keys.uid, CAPTCHA_LIMITS.failWindowMs) : 0,
    keys.ip ? peekRateLimit(keys.ip, CAPTCHA_LIMITS.failWindowMs) : 0,
  ]);
  return uidFails >= CAPTCHA_LIMITS.failsPerUid || ipFails >= CAPTCHA_LIMITS.failsPerIp;
}

async function recordFailure(clientUid: string | null, ip: string | null): Promise<void> {
  const keys = failKeys(clientUid, ip);
  await Promise.all(
    [keys.uid, keys.ip]
      .filter((k): k is string => k !== null)
      .map((k) => hitRateLimit(k, Number.MAX_SAFE_INTEGER, CAPTCHA_LIMITS.failWindowMs)),
  );
}

const SECRET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** 16 characters: the AES-128 key the browser encrypts its answer with. */
function newSecretKey(): string {
  return Array.from({ length: 16 }, () => SECRET_ALPHABET[randomInt(SECRET_ALPHABET.length)]).join(
    '',
  );
}

export async function getCaptcha(
  input: { captchaType: CaptchaType; clientUid: string },
  client: ClientInfo,
): Promise<CaptchaResponse<CaptchaChallengeData>> {
  const { captchaType, clientUid } = input;
  if (await isLocked(clientUid, client.ip)) return rep(CAPTCHA_REP.locked);
  const [byUid, byIp] = await Promise.all([
    hitRateLimit(`captcha:get:uid:${clientUid}`, CAPTCHA_LIMITS.getPerUidPerMinute, 60_000),
    hitRateLimit(`captcha:get:ip:${ipBucket(client.ip)}`, CAPTCHA_LIMITS.getPerIpPerMinute, 60_000),
  ]);
  if (!byUid.allowed || !byIp.allowed) return rep(CAPTCHA_REP.tooMany);

  const token = randomBytes(16).toString('hex');
  const secretKey = newSecretKey();
  let data: CaptchaChallengeData;
  let answer: CaptchaPoint | CaptchaPoint[];
  if (captchaType === 'blockPuzzle') {
    const img = await renderSliderImages();
    data = {
      originalImageBase64: img.originalImageBase64,
      jigsawImageBase64: img.jigsawImageBase64,
      token,
      secretKey,
    };
    answer = { x: img.answerX, y: SLIDER_Y };
  } else {
    const img = await renderClickWordImages();
    data = {
      originalImageBase64: img.originalImageBase64,
      wordList: img.wordList,
      token,
      secretKey,
    };
    answer = img.answer;
  }
  await getDb()
    .insert(captchaChallenges)
    .values({
      token,
      captchaType,
      secretKey,
      answer,
      clientUid,
      clientIp: client.ip,
      expiresAt: new Date(Date.now() + CAPTCHA_CHALLENGE_TTL_MS),
    });
  // Old rows are worthless; sweep now and then instead of running a job.
  if (Math.random() < 0.02) void pruneCaptchaChallenges().catch(() => undefined);
  return rep(CAPTCHA_REP.success, data);
}

export async function checkCaptcha(
  input: CaptchaCheckRequest,
  client: ClientInfo,
): Promise<CaptchaResponse<CaptchaCheckData>> {
  const db = getDb();
  // Claim the token: whatever the outcome, it cannot be checked again.
  const [row] = await db
    .update(captchaChallenges)
    .set({ checkedAt: sql`now()` })
    .where(and(eq(captchaChallenges.token, input.token), isNull(captchaChallenges.checkedAt)))
    .returning({
      token: captchaChallenges.token,
      captchaType: captchaChallenges.captchaType,
      secretKey: captchaChallenges.secretKey,
      answer: captchaChallenges.answer,
      clientUid: captchaChallenges.clientUid,
      expired: sql<boolean>`${captchaChallenges.expiresAt} <= now()`,
    });
  if (!row || row.expired) return rep(CAPTCHA_REP.expired);
  const failed = { captchaType: input.captchaType, token: row.token, result: false };
  if (await isLocked(row.clientUid, client.ip)) {
    await markChecked(row.token, false);
    return rep(CAPTCHA_REP.locked, failed);
  }

  let given: unknown = null;
  const plain = input.pointJson.length <= 2000 ? aesDecrypt(input.pointJson, row.secretKey) : null;
  if (plain) {
    try {
      given = JSON.parse(plain);
    } catch {
      given = null;
    }
  }
  const ok =
    row.captchaType === input.captchaType &&
    (row.captchaType === 'blockPuzzle'
      ? sliderPasses(row.answer as CaptchaPoint, given, input.trace)
      : checkClickAnswer(row.answer as CaptchaPoint[], given));
  if (!ok) {
    await Promise.all([markChecked(row.token, false), recordFailure(row.clientUid, client.ip)]);
    return rep(CAPTCHA_REP.wrong, failed);
  }

  await db
    .update(captchaChallenges)
    .set({
      passed: true,
      verification: captchaVerificationOf(row.token, input.pointJson, row.secretKey),
      verificationExpiresAt: sql`now() + make_interval(secs => ${CAPTCHA_VERIFICATION_TTL_MS / 1000})`,
    })
    .where(eq(captchaChallenges.token, row.token));
  return rep(CAPTCHA_REP.success, { ...failed, result: true });
}

/**
 * The piece is at the hole and was dragged there by something like a hand. A bad trace fails
 * exactly like a wrong position (6111, counted towards the lock): no hint which rule tripped.
 */
function sliderPasses(expected: CaptchaPoint, given: unknown, trace: unknown): boolean {
  if (!checkSliderAnswer(expected, given)) return false;
  return dragTraceProblem(trace, (given as CaptchaPoint).x) === null;
}

/** The captcha answers in the AJ-Captcha shape {repCode, repMsg, repData}, not the envelope. */
function repResponse(body: CaptchaResponse<unknown>): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** POST /system/captcha/get: a new challenge, as the repCode protocol's JSON body. */
export async function answerGetCaptcha(
  input: { captchaType: CaptchaType; clientUid: string },
  client: ClientInfo,
): Promise<Response> {
  return repResponse(await getCaptcha(input, client));
}

/** POST /system/captcha/check: the check's outcome, as the repCode protocol's JSON body. */
export async function answerCheckCaptcha(
  input: CaptchaCheckRequest,
  client: ClientInfo,
): Promise<Response> {
  return repResponse(await checkCaptcha(input, client));
}

async function markChecked(token: string, passed: boolean): Promise<void> {
  await getDb().update(captchaChallenges).set({ passed }).where(eq(captchaChallenges.token, token));
}

/** Deletes challenges whose challenge and verification lifetimes ended over a day ago. */
export async function pruneCaptchaChallenges(): Promise<void> {
  const cutoff = new Date(Date.now() - 24 * 3600 * 1000);
  await getDb()
    .delete(captchaChallenges)
    .where(
      and(
        lt(captchaChallenges.expiresAt, cutoff),
        sql`coalesce(${captchaChallenges.verificationExpiresAt}, ${captchaChallenges.expiresAt}) < ${cutoff.toISOString()}`,
      ),
    );
}
