/**
 * The captcha protocol shared by the widget and the API (AJ-Captcha style; ../API-NOTES.md and
 * spec sections 4.3, 5 and 9). Answers are expressed in the 310x155 reference frame whatever size
 * the image is rendered or shown at.
 */

export const CAPTCHA_TYPES = ['blockPuzzle', 'clickWord'] as const;
export type CaptchaType = (typeof CAPTCHA_TYPES)[number];

/** Reference frame of every answer. */
export const CAPTCHA_FRAME = { width: 310, height: 155 } as const;
/** Size the server renders images at (spec 9: 400x200); shown scaled down to the frame. */
export const CAPTCHA_IMAGE = { width: 400, height: 200 } as const;
/** Width of the jigsaw strip image, in image pixels (it is CAPTCHA_IMAGE.height tall). */
export const CAPTCHA_JIGSAW_WIDTH = 60;
/** Height of the slider bar and width of its handle (spec 9). */
export const SLIDER_BAR_HEIGHT = 40;
/** The slider answer's y is always this value (spec 5). */
export const SLIDER_Y = 5;
/** Accepted distance from the true answer, in frame pixels. */
export const SLIDER_TOLERANCE = 5;
export const CLICK_TOLERANCE = 25;
/** Number of characters to click, in order. */
export const CLICK_COUNT = 3;
/**
 * The top-right corner of the picture, in frame px, where the widget's refresh button sits
 * (28 px at 6 px from the edges, with room for a narrower widget): no character is drawn there,
 * or clicking it would refresh the challenge instead of answering it.
 */
export const CAPTCHA_REFRESH_CORNER = { width: 48, height: 48 } as const;

/**
 * The slider's drag trace, sent with the check beside pointJson: samples of [milliseconds since
 * the press, the piece's left edge in frame px], in order, ending at the answer. The server
 * refuses a trace that no hand makes (lib/server/identity/captcha/drag-trace.ts).
 */
export type DragSample = [ms: number, x: number];
export const DRAG_TRACE = {
  /** At most this many samples are sent; the widget thins a longer drag. */
  maxSamples: 300,
  minSamples: 5,
  /** A person needs longer than this to find and reach the hole. */
  minDurationMs: 200,
} as const;

export const CAPTCHA_TIMINGS = {
  /** Success: emit the verification after ~1 s; popup hides after 1.5 s. */
  successEmitMs: 1000,
  popupHideMs: 1500,
  /** Failure: new challenge after 1 s (slider) / 0.7 s (click words). */
  sliderRefreshMs: 1000,
  clickRefreshMs: 700,
  /** Click answers are submitted 0.4 s after the third click. */
  clickSubmitMs: 400,
} as const;

/** Lifetimes on the server. */
export const CAPTCHA_CHALLENGE_TTL_MS = 120_000;
export const CAPTCHA_VERIFICATION_TTL_MS = 180_000;

export const CAPTCHA_REP = {
  success: { code: '0000', msg: '成功' },
  expired: { code: '6110', msg: '验证码已失效，请重新获取' },
  wrong: { code: '6111', msg: '验证码坐标不正确' },
  tooMany: { code: '6201', msg: '请求过于频繁，请稍后再试' },
  locked: { code: '6202', msg: '验证失败次数过多，请稍后再试' },
  error: { code: '9999', msg: '服务器繁忙，请稍后再试' },
} as const;

export type CaptchaPoint = { x: number; y: number };

export type CaptchaGetRequest = { captchaType: CaptchaType; clientUid: string; ts: number };
export type CaptchaCheckRequest = {
  captchaType: CaptchaType;
  token: string;
  pointJson: string;
  /** Slider only: how the piece was dragged. */
  trace?: DragSample[];
};

export type CaptchaChallengeData = {
  /** Base64 (no data: prefix) of the background; JPEG or PNG. */
  originalImageBase64: string;
  /** Slider: Base64 PNG strip as tall as the background, the piece at its y. */
  jigsawImageBase64?: string;
  /** Click words: the characters to click, in order. */
  wordList?: string[];
  token: string;
  secretKey: string;
};

export type CaptchaResponse<T> = {
  repCode: string;
  repMsg: string;
  repData: T | null;
  success: boolean;
};

/** Slider: the piece's left edge must be within the tolerance of the hole's. */
export function checkSliderAnswer(expected: CaptchaPoint, given: unknown): boolean {
  if (!isPoint(given)) return false;
  return Math.abs(given.x - expected.x) <= SLIDER_TOLERANCE;
}

/** Click words: exactly CLICK_COUNT points, in order, each near its character's centre. */
export function checkClickAnswer(expected: CaptchaPoint[], given: unknown): boolean {
  if (!Array.isArray(given) || given.length !== expected.length) return false;
  return expected.every((p, i) => {
    const g: unknown = given[i];
    return (
      isPoint(g) && Math.abs(g.x - p.x) <= CLICK_TOLERANCE && Math.abs(g.y - p.y) <= CLICK_TOLERANCE
    );
  });
}

function isPoint(v: unknown): v is CaptchaPoint {
  if (!v || typeof v !== 'object') return false;
  const { x, y } = v as Record<string, unknown>;
  return typeof x === 'number' && Number.isFinite(x) && typeof y === 'number' && Number.isFinite(y);
}

/** Data URL for a Base64 image of either format (JPEG Base64 starts with /9j/). */
export function imageDataUrl(base64: string): string {
  return `data:image/${base64.startsWith('/9j/') ? 'jpeg' : 'png'};base64,${base64}`;
}

/**
 * Who the browser solves a captcha with: the built-in slider, or Tencent Cloud 天御's widget
 * (CAPTCHA_PROVIDER=tencent, ADR 0051 and 0190), whose ticket and randstr go to the gate as
 * captchaVerification `{"ticket": "...", "randstr": "..."}`.
 */
export type CaptchaWidget =
  { provider: 'builtin' } | { provider: 'tencent'; appId: number; scriptUrl: string };

/** Tencent's widget script (its integration guide's address); TENCENT_CAPTCHA_SCRIPT_URL overrides. */
export const TENCENT_CAPTCHA_SCRIPT_DEFAULT = 'https://turing.captcha.qcloud.com/TJCaptcha.js';
