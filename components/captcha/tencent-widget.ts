import { useEffect, useState } from 'react';
import { call } from '@/lib/client/request';
import { getCaptchaWidget } from '@/lib/shared/captcha/captcha.endpoints';
import type { CaptchaWidget } from '@/lib/shared/captcha/protocol';
import { CaptchaCancelledError } from './captcha-cancelled';

/**
 * Tencent Cloud 天御's browser widget (CAPTCHA_PROVIDER=tencent, ADR 0190): the server says which
 * captcha to show (GET /system/captcha/provider); with Tencent's, its script is loaded once from
 * the configured address (the page's CSP admits exactly that origin), the puzzle opens in its own
 * layer, and its ticket and randstr become the captchaVerification the gate checks.
 */

type TencentAnswer = { ret: number; ticket?: string; randstr?: string; errorCode?: number };
type TencentCaptchaCtor = new (
  appId: string,
  callback: (answer: TencentAnswer) => void,
  options?: { userLanguage?: string; needFeedBack?: boolean },
) => { show(): void; destroy?(): void };

declare global {
  interface Window {
    TencentCaptcha?: TencentCaptchaCtor;
  }
}

export const WIDGET_LOAD_FAILED = '验证码加载失败，请检查网络后重试';
export const WIDGET_UNAVAILABLE = '验证码服务暂不可用，请稍后重试';
const SCRIPT_TIMEOUT_MS = 10_000;

let widgetAnswer: Promise<CaptchaWidget> | null = null;

/** Which captcha this deployment uses; asked once per page, again after a failed ask. */
export function captchaWidget(): Promise<CaptchaWidget> {
  widgetAnswer ??= call(getCaptchaWidget, {}, { silent: true }).catch(() => {
    // Unknown: the built-in slider (the gate refuses it if a provider is on, and the user retries).
    widgetAnswer = null;
    return { provider: 'builtin' } as const;
  });
  return widgetAnswer;
}

/** The provider once known (null while asking): lets a form drop its inline slider. */
export function useCaptchaProvider(): CaptchaWidget['provider'] | null {
  const [provider, setProvider] = useState<CaptchaWidget['provider'] | null>(null);
  useEffect(() => {
    let live = true;
    void captchaWidget().then((w) => live && setProvider(w.provider));
    return () => {
      live = false;
    };
  }, []);
  return provider;
}

const scripts = new Map<string, Promise<TencentCaptchaCtor>>();

/** Loads the widget script once; a failed load is forgotten so the next press tries again. */
export function loadTencentScript(
  url: string,
  doc: Document = document,
): Promise<TencentCaptchaCtor> {
  const known = scripts.get(url);
  if (known) return known;
  const loading = new Promise<TencentCaptchaCtor>((resolve, reject) => {
    const ready = () => doc.defaultView?.TencentCaptcha;
    const loaded = ready();
    if (loaded) return resolve(loaded);
    const el = doc.createElement('script');
    el.src = url;
    el.async = true;
    const fail = () => {
      clearTimeout(timer);
      el.remove();
      scripts.delete(url);
      reject(new Error(WIDGET_LOAD_FAILED));
    };
    const timer = setTimeout(fail, SCRIPT_TIMEOUT_MS);
    el.onerror = fail;
    el.onload = () => {
      const ctor = ready();
      if (!ctor) return fail();
      clearTimeout(timer);
      resolve(ctor);
    };
    doc.head.appendChild(el);
  });
  scripts.set(url, loading);
  return loading;
}

/**
 * Opens Tencent's puzzle; resolves with `{"ticket","randstr"}` on a pass, rejects with
 * CaptchaCancelledError when closed, or with a Chinese message when the widget cannot work.
 */
export async function solveTencentCaptcha(
  widget: Extract<CaptchaWidget, { provider: 'tencent' }>,
  doc: Document = document,
): Promise<string> {
  const TencentCaptcha = await loadTencentScript(widget.scriptUrl, doc);
  return new Promise<string>((resolve, reject) => {
    const answered = (a: TencentAnswer) => {
      // ret 2: the user closed the layer.
      if (a.ret === 2) return reject(new CaptchaCancelledError());
      // A "disaster" ticket (trerror_…) is what the widget hands out when it could not reach
      // Tencent: the gate would refuse it, so say so now instead of after the request.
      if (a.ret !== 0 || !a.ticket || !a.randstr || a.ticket.startsWith('trerror_'))
        return reject(new Error(WIDGET_UNAVAILABLE));
      resolve(JSON.stringify({ ticket: a.ticket, randstr: a.randstr }));
    };
    try {
      new TencentCaptcha(String(widget.appId), answered, { userLanguage: 'zh-cn' }).show();
    } catch {
      reject(new Error(WIDGET_UNAVAILABLE));
    }
  });
}

/** Tests start from a page that has asked nothing yet. */
export function resetCaptchaWidgetForTests(): void {
  widgetAnswer = null;
  scripts.clear();
}
