import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { captchaChallenges } from '@/db/schema';
import { callApi } from '@/test/helpers/api';
import { freshIp, freshMobile } from '@/lib/server/identity/auth/__tests__/support';
import { aesEncrypt, captchaVerificationOf } from '@/lib/shared/captcha/aes';
import type {
  CaptchaChallengeData,
  CaptchaPoint,
  CaptchaResponse,
  CaptchaType,
  DragSample,
} from '@/lib/shared/captcha/protocol';
import { CAPTCHA_LIMITS } from '../captcha.service';

let uidCounter = 0;
const freshUid = () => `slider-test-${process.pid}-${++uidCounter}`;

async function rep<T>(r: Awaited<ReturnType<typeof callApi>>): Promise<CaptchaResponse<T>> {
  return r.json as unknown as CaptchaResponse<T>;
}

async function getChallenge(
  captchaType: CaptchaType = 'blockPuzzle',
  opts: { uid?: string; ip?: string } = {},
) {
  const r = await callApi('POST', '/system/captcha/get', {
    body: { captchaType, clientUid: opts.uid ?? freshUid(), ts: Date.now() },
    ip: opts.ip ?? freshIp(),
  });
  return rep<CaptchaChallengeData>(r);
}

async function answerOf(token: string): Promise<CaptchaPoint | CaptchaPoint[]> {
  const [row] = await getDb()
    .select({ answer: captchaChallenges.answer })
    .from(captchaChallenges)
    .where(eq(captchaChallenges.token, token));
  return row.answer as CaptchaPoint | CaptchaPoint[];
}

/** A hand's drag to `x`: eased, ~500 ms, sampled as pointer events arrive, with small corrections. */
function handTrace(x: number): DragSample[] {
  const times = [0, 30, 62, 95, 140, 180, 231, 290, 350, 420, 505];
  const wobble = [0, 0.8, -0.5, 1.1, -0.7, 0.6, -0.9, 0.4, -0.6, 0.5, 0];
  return times.map((t, i): DragSample => {
    const p = i / (times.length - 1);
    return [t, Math.round((x * (1 - (1 - p) ** 2) + wobble[i]) * 10) / 10];
  });
}

/**
 * Sends an answer. A slider answer carries a hand's drag trace ending at its x unless `trace` is
 * given (null: none at all).
 */
async function check(
  data: CaptchaChallengeData,
  answer: unknown,
  opts: { captchaType?: CaptchaType; ip?: string; trace?: DragSample[] | null } = {},
) {
  const captchaType = opts.captchaType ?? 'blockPuzzle';
  const pointJson = aesEncrypt(JSON.stringify(answer), data.secretKey);
  const sliderX = (answer as Partial<CaptchaPoint> | null)?.x;
  const trace =
    opts.trace === undefined
      ? captchaType === 'blockPuzzle' && typeof sliderX === 'number'
        ? handTrace(sliderX)
        : undefined
      : (opts.trace ?? undefined);
  const r = await callApi('POST', '/system/captcha/check', {
    body: { captchaType, token: data.token, pointJson, trace },
    ip: opts.ip ?? freshIp(),
  });
  return { res: await rep<{ result: boolean }>(r), pointJson };
}

/** A real pass through both endpoints; returns the captchaVerification the client computes. */
async function solve(): Promise<string> {
  const got = await getChallenge();
  const data = got.repData!;
  const answer = (await answerOf(data.token)) as CaptchaPoint;
  const { res, pointJson } = await check(data, { x: answer.x + 2, y: 5 });
  expect(res.repCode).toBe('0000');
  return captchaVerificationOf(data.token, pointJson, data.secretKey);
}

describe('POST /system/captcha/get', () => {
  it('returns a slider challenge with real images in the repCode protocol', async () => {
    const r = await getChallenge('blockPuzzle');
    expect(r.repCode).toBe('0000');
    const d = r.repData!;
    expect(d.token).toMatch(/^[0-9a-f]{32}$/);
    expect(d.secretKey).toHaveLength(16);
    expect(Buffer.from(d.originalImageBase64, 'base64').subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );
    expect(Buffer.from(d.jigsawImageBase64!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(d).not.toHaveProperty('wordList');
    const answer = (await answerOf(d.token)) as CaptchaPoint;
    expect(answer.y).toBe(5);
    expect(answer.x).toBeGreaterThan(50);
    expect(answer.x).toBeLessThan(270);
    // The answer never leaves the server.
    expect(JSON.stringify(r)).not.toContain('"x"');
  });

  it('returns a click-word challenge: three distinct characters, positions kept on the server', async () => {
    const r = await getChallenge('clickWord');
    expect(r.repCode).toBe('0000');
    const d = r.repData!;
    expect(d.wordList).toHaveLength(3);
    expect(new Set(d.wordList).size).toBe(3);
    expect(d).not.toHaveProperty('jigsawImageBase64');
    const answer = (await answerOf(d.token)) as CaptchaPoint[];
    expect(answer).toHaveLength(3);
    for (const p of answer) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(310);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(155);
    }
  });

  it('rejects an unknown captcha type with the envelope 400', async () => {
    const r = await callApi('POST', '/system/captcha/get', {
      body: { captchaType: 'rotate', clientUid: 'x' },
    });
    expect(r.code).toBe(400);
  });

  it('answers 6201 once one browser id is over its per-minute limit, without images', async () => {
    const uid = freshUid();
    // Fill the counter as if the limit had been used up (the real loop is the next test).
    const windowStart = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    await getDb().execute(sql`
      insert into rate_limit_counters (key, window_start, count)
      values (${`captcha:get:uid:${uid}`}, ${windowStart}, ${CAPTCHA_LIMITS.getPerUidPerMinute})`);
    const r = await getChallenge('blockPuzzle', { uid });
    expect(r.repCode).toBe('6201');
    expect(r.repData).toBeNull();
    expect(r.repMsg).toBeTruthy();
  });

  it('answers 6201 when fetches really exceed the per-browser limit', async () => {
    const uid = freshUid();
    const ip = freshIp();
    const minute = () => Math.floor(Date.now() / 60_000);
    const startMinute = minute();
    const codes: string[] = [];
    for (let i = 0; i <= CAPTCHA_LIMITS.getPerUidPerMinute; i++) {
      codes.push((await getChallenge('blockPuzzle', { uid, ip })).repCode);
    }
    expect(codes.slice(0, CAPTCHA_LIMITS.getPerUidPerMinute)).not.toContain('6201');
    // Fixed windows: only when no minute boundary fell inside the loop is the last call over.
    if (minute() === startMinute) expect(codes[codes.length - 1]).toBe('6201');
  });
});

describe('POST /system/captcha/check', () => {
  it('passes a slider answer within ±5 px and remembers the verification for 180 s', async () => {
    const data = (await getChallenge()).repData!;
    const answer = (await answerOf(data.token)) as CaptchaPoint;
    const { res, pointJson } = await check(data, { x: answer.x - 4.5, y: 5 });
    expect(res.repCode).toBe('0000');
    expect(res.repData?.result).toBe(true);
    const [row] = await getDb()
      .select()
      .from(captchaChallenges)
      .where(eq(captchaChallenges.token, data.token));
    expect(row.passed).toBe(true);
    expect(row.verification).toBe(captchaVerificationOf(data.token, pointJson, data.secretKey));
    const ttl = row.verificationExpiresAt!.getTime() - row.checkedAt!.getTime();
    expect(ttl).toBeGreaterThan(175_000);
    expect(ttl).toBeLessThanOrEqual(181_000);
  });

  it('answers 6111 for a wrong slider answer, and the token is then spent', async () => {
    const data = (await getChallenge()).repData!;
    const answer = (await answerOf(data.token)) as CaptchaPoint;
    const wrong = await check(data, { x: answer.x + 6, y: 5 });
    expect(wrong.res.repCode).toBe('6111');
    const retry = await check(data, { x: answer.x, y: 5 });
    expect(retry.res.repCode).toBe('6110');
  });

  it('answers 6111 for garbage or a wrong key', async () => {
    const data = (await getChallenge()).repData!;
    const r = await callApi('POST', '/system/captcha/check', {
      body: {
        captchaType: 'blockPuzzle',
        token: data.token,
        pointJson: aesEncrypt('{"x":1,"y":5}', 'wrongkeywrongkey'),
      },
    });
    expect((await rep(r)).repCode).toBe('6111');
  });

  it('refuses a replayed token even after a pass (6110)', async () => {
    const data = (await getChallenge()).repData!;
    const answer = (await answerOf(data.token)) as CaptchaPoint;
    expect((await check(data, answer)).res.repCode).toBe('0000');
    expect((await check(data, answer)).res.repCode).toBe('6110');
  });

  it('answers 6110 after the 120 s lifetime', async () => {
    const data = (await getChallenge()).repData!;
    const answer = (await answerOf(data.token)) as CaptchaPoint;
    await getDb()
      .update(captchaChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(captchaChallenges.token, data.token));
    expect((await check(data, answer)).res.repCode).toBe('6110');
  });

  it('answers 6110 for an unknown token', async () => {
    const r = await callApi('POST', '/system/captcha/check', {
      body: { captchaType: 'blockPuzzle', token: 'f'.repeat(32), pointJson: 'AAAA' },
    });
    expect((await rep(r)).repCode).toBe('6110');
  });

  it('checks click words: three points in order within ±25 px', async () => {
    const pass = (await getChallenge('clickWord')).repData!;
    const points = (await answerOf(pass.token)) as CaptchaPoint[];
    const near = points.map((p) => ({ x: p.x + 20, y: p.y - 20 }));
    expect((await check(pass, near, { captchaType: 'clickWord' })).res.repCode).toBe('0000');

    const outOfOrder = (await getChallenge('clickWord')).repData!;
    const op = (await answerOf(outOfOrder.token)) as CaptchaPoint[];
    expect(
      (await check(outOfOrder, [op[1], op[0], op[2]], { captchaType: 'clickWord' })).res.repCode,
    ).toBe('6111');

    const twoOnly = (await getChallenge('clickWord')).repData!;
    const tp = (await answerOf(twoOnly.token)) as CaptchaPoint[];
    expect((await check(twoOnly, tp.slice(0, 2), { captchaType: 'clickWord' })).res.repCode).toBe(
      '6111',
    );

    const far = (await getChallenge('clickWord')).repData!;
    const fp = (await answerOf(far.token)) as CaptchaPoint[];
    const moved = fp.map((p, i) => (i === 2 ? { x: p.x + 26, y: p.y } : p));
    expect((await check(far, moved, { captchaType: 'clickWord' })).res.repCode).toBe('6111');
  });

  it('refuses a slider answer sent for a click-word token', async () => {
    const data = (await getChallenge('clickWord')).repData!;
    expect((await check(data, { x: 100, y: 5 })).res.repCode).toBe('6111');
  });

  it('fails a right slider position without a plausible drag trace, like a wrong one (6111)', async () => {
    const uid = freshUid();
    const ip = freshIp();
    const attempts: Array<DragSample[] | null> = [
      null, // none: a script posting the number alone
      [
        [0, 0],
        [50, 100],
      ], // a jump
      handTrace(100).map(([t, x]): DragSample => [t / 10, x]), // 50 ms from press to release
      Array.from({ length: 11 }, (_, i): DragSample => [i * 40, i * 10]), // a constant-speed loop
    ];
    for (const trace of attempts) {
      const data = (await getChallenge('blockPuzzle', { uid, ip })).repData!;
      const answer = (await answerOf(data.token)) as CaptchaPoint;
      const steady = trace?.map(([t, x]): DragSample => [t, (x * answer.x) / 100]) ?? null;
      const { res } = await check(data, answer, { ip, trace: steady });
      expect(res).toMatchObject({ repCode: '6111', repMsg: '验证码坐标不正确' });
      expect(res.repData?.result).toBe(false);
    }
    // Each counted as a failure: one more and this browser id is locked.
    const data = (await getChallenge('blockPuzzle', { uid, ip })).repData!;
    const answer = (await answerOf(data.token)) as CaptchaPoint;
    expect((await check(data, { x: answer.x + 30, y: 5 }, { ip })).res.repCode).toBe('6111');
    expect((await getChallenge('blockPuzzle', { uid, ip })).repCode).toBe('6202');
  });

  it('counts failures per address too: fresh browser ids from one IPv6 /64 stay locked', async () => {
    const block = `2001:db8:${(process.pid % 0xffff).toString(16)}:${(++uidCounter).toString(16)}`;
    for (let i = 1; i <= CAPTCHA_LIMITS.failsPerIp; i++) {
      const ip = `${block}::${i.toString(16)}`;
      const data = (await getChallenge('blockPuzzle', { ip })).repData!;
      const answer = (await answerOf(data.token)) as CaptchaPoint;
      expect((await check(data, { x: answer.x + 40, y: 5 }, { ip })).res.repCode).toBe('6111');
    }
    const locked = await getChallenge('blockPuzzle', { uid: freshUid(), ip: `${block}::ffff` });
    expect(locked).toMatchObject({ repCode: '6202', repData: null });
    // The neighbouring /64 is another customer.
    const other = `2001:db8:${(process.pid % 0xffff).toString(16)}:${(++uidCounter).toString(16)}::1`;
    expect((await getChallenge('blockPuzzle', { ip: other })).repCode).toBe('0000');
  }, 30_000);

  it('locks a browser after repeated failures (6202), for fetching and checking', async () => {
    const uid = freshUid();
    const ip = freshIp();
    const pending = (await getChallenge('blockPuzzle', { uid, ip })).repData!;
    for (let i = 0; i < CAPTCHA_LIMITS.failsPerUid; i++) {
      const data = (await getChallenge('blockPuzzle', { uid, ip })).repData!;
      const answer = (await answerOf(data.token)) as CaptchaPoint;
      expect((await check(data, { x: answer.x + 40, y: 5 }, { ip })).res.repCode).toBe('6111');
    }
    const locked = await getChallenge('blockPuzzle', { uid, ip });
    expect(locked.repCode).toBe('6202');
    expect(locked.repData).toBeNull();
    // A challenge fetched before the lock cannot be passed while it lasts.
    const pendingAnswer = (await answerOf(pending.token)) as CaptchaPoint;
    expect((await check(pending, pendingAnswer, { ip })).res.repCode).toBe('6202');
    // Another browser id on another address is unaffected.
    expect((await getChallenge()).repCode).toBe('0000');
  });
});

describe('captchaVerification consumed by password login and SMS send', () => {
  it('password login accepts a real verification once and refuses missing or used ones', async () => {
    const missing = await callApi('POST', '/system/auth/login', {
      body: { username: 'free_staff', password: 'Demo@2026' },
    });
    expect(missing.code).toBe(1002000004);

    const captchaVerification = await solve();
    const ok = await callApi('POST', '/system/auth/login', {
      body: { username: 'free_staff', password: 'Demo@2026', captchaVerification },
    });
    expect(ok.code).toBe(200);
    const replay = await callApi('POST', '/system/auth/login', {
      body: { username: 'free_staff', password: 'Demo@2026', captchaVerification },
    });
    expect(replay.code).toBe(1002000004);
  });

  it('SMS send accepts a real verification once and refuses missing, used or expired ones', async () => {
    const send = (captchaVerification?: string) =>
      callApi('POST', '/system/auth/send-sms-code', {
        body: { mobile: freshMobile(), scene: 21, captchaVerification },
        ip: freshIp(),
      });
    expect((await send()).code).toBe(1002000004);

    const v = await solve();
    expect((await send(v)).code).toBe(200);
    expect((await send(v)).code).toBe(1002000004);

    const stale = await solve();
    await getDb()
      .update(captchaChallenges)
      .set({ verificationExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(captchaChallenges.verification, stale));
    expect((await send(stale)).code).toBe(1002000004);
  });

  it('a failed check leaves no usable verification', async () => {
    const data = (await getChallenge()).repData!;
    const answer = (await answerOf(data.token)) as CaptchaPoint;
    const { pointJson } = await check(data, { x: answer.x + 30, y: 5 });
    const forged = captchaVerificationOf(data.token, pointJson, data.secretKey);
    const r = await callApi('POST', '/system/auth/send-sms-code', {
      body: { mobile: freshMobile(), scene: 21, captchaVerification: forged },
      ip: freshIp(),
    });
    expect(r.code).toBe(1002000004);
  });
});
