'use client';

import { TRANSPORT_MESSAGES } from '@/lib/shared/api/error-codes';
import { aesEncrypt, captchaVerificationOf } from '@/lib/shared/captcha/aes';
import {
  CAPTCHA_REP,
  type CaptchaChallengeData,
  type CaptchaPoint,
  type CaptchaResponse,
  type CaptchaType,
  type DragSample,
} from '@/lib/shared/captcha/protocol';

/**
 * Browser side of the captcha protocol. These two endpoints answer {repCode, repMsg, repData}
 * rather than the {code, msg, data} envelope, so they are called with fetch here instead of
 * lib/client/request.ts (which resolves envelopes only); they go through the same BFF (/api).
 */

const UID_KEYS: Record<CaptchaType, { key: string; prefix: string }> = {
  blockPuzzle: { key: 'slider-uid', prefix: 'slider' },
  clickWord: { key: 'point-uid', prefix: 'point' },
};

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random id per browser and captcha type, kept in localStorage (the server limits per id). */
export function getClientUid(type: CaptchaType): string {
  const { key, prefix } = UID_KEYS[type];
  try {
    const existing = window.localStorage.getItem(key);
    if (existing) return existing;
    const created = `${prefix}-${randomId()}`;
    window.localStorage.setItem(key, created);
    return created;
  } catch {
    // Private mode without storage: a per-page id still works.
    return `${prefix}-${randomId()}`;
  }
}

async function postRep<T>(path: string, body: unknown): Promise<CaptchaResponse<T>> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return {
      repCode: CAPTCHA_REP.error.code,
      repMsg: TRANSPORT_MESSAGES.unreachable,
      repData: null,
      success: false,
    };
  }
  const json = (await res.json().catch(() => null)) as
    (Partial<CaptchaResponse<T>> & { code?: number; msg?: string }) | null;
  if (json && typeof json.repCode === 'string') return json as CaptchaResponse<T>;
  // An envelope (bad request, read-only, transport error from the BFF) or no JSON at all.
  return {
    repCode: CAPTCHA_REP.error.code,
    repMsg: json?.msg || TRANSPORT_MESSAGES.httpStatus(res.status),
    repData: null,
    success: false,
  };
}

export function fetchChallenge(type: CaptchaType): Promise<CaptchaResponse<CaptchaChallengeData>> {
  return postRep('/system/captcha/get', {
    captchaType: type,
    clientUid: getClientUid(type),
    ts: Date.now(),
  });
}

export type CheckOutcome = {
  repCode: string;
  repMsg: string;
  /** Set when the answer passed: what login / SMS send must carry. */
  verification: string | null;
};

/**
 * Encrypts the answer with the challenge's key, checks it, and derives the verification. The
 * slider also sends how it was dragged (`trace`), which the server requires.
 */
export async function submitAnswer(
  type: CaptchaType,
  challenge: CaptchaChallengeData,
  answer: CaptchaPoint | CaptchaPoint[],
  trace?: DragSample[],
): Promise<CheckOutcome> {
  const pointJson = aesEncrypt(JSON.stringify(answer), challenge.secretKey);
  const res = await postRep<unknown>('/system/captcha/check', {
    captchaType: type,
    token: challenge.token,
    pointJson,
    trace,
  });
  const passed = res.repCode === CAPTCHA_REP.success.code;
  return {
    repCode: res.repCode,
    repMsg: res.repMsg,
    verification: passed
      ? captchaVerificationOf(challenge.token, pointJson, challenge.secretKey)
      : null,
  };
}
