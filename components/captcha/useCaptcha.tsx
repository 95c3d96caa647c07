'use client';

import { useCallback, useContext, useId, useRef, useState, type ReactNode } from 'react';
import type { CaptchaType } from '@/lib/shared/captcha/protocol';
import { Captcha } from './Captcha';
import { CaptchaHostContext } from './captcha-host';
import { CaptchaCancelledError } from './captcha-cancelled';
import { captchaWidget, solveTencentCaptcha } from './tencent-widget';

export type UseCaptchaResult = {
  /** Opens the captcha popup; resolves with captchaVerification on pass, rejects when closed. */
  verify(): Promise<string>;
  /** Render this once in the component that calls verify(). */
  holder: ReactNode;
};

export { CaptchaCancelledError };

type Pending = {
  resolve: (v: string) => void;
  reject: (e: Error) => void;
  promise: Promise<string>;
};

/**
 * The slider (default) or click-word captcha as a promise: `await verify()` before a password
 * login or an SMS send, with `holder` rendered somewhere in the calling component. Inside a dialog
 * that hosts challenges (CaptchaHostContext: the login modal) the slider shows in that dialog and
 * `holder` is empty.
 */
export function useCaptcha(options: { captchaType?: CaptchaType } = {}): UseCaptchaResult {
  const [open, setOpen] = useState(false);
  // A new key per opening: every verify() shows a fresh challenge.
  const [round, setRound] = useState(0);
  // Unique per hook: two holders may be siblings.
  const id = useId();
  const pending = useRef<Pending | null>(null);
  const host = useContext(CaptchaHostContext);

  const verify = useCallback((): Promise<string> => {
    if (pending.current) return pending.current.promise;
    let resolve!: (v: string) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<string>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    pending.current = { resolve, reject, promise };
    const settle = (ok: boolean, value: unknown) => {
      pending.current = null;
      if (ok) resolve(value as string);
      else reject(value as Error);
    };
    void captchaWidget().then((widget) => {
      // A commercial provider's widget (ADR 0190) instead of the built-in slider.
      if (widget.provider === 'tencent') {
        solveTencentCaptcha(widget).then(
          (v) => settle(true, v),
          (e: unknown) => settle(false, e),
        );
        return;
      }
      if (host) {
        host.show({
          captchaType: options.captchaType,
          onSuccess: (v) => settle(true, v),
          onCancel: () => settle(false, new CaptchaCancelledError()),
        });
        return;
      }
      setRound((r) => r + 1);
      setOpen(true);
    });
    return promise;
  }, [host, options.captchaType]);

  const onSuccess = useCallback((verification: string) => {
    pending.current?.resolve(verification);
    pending.current = null;
  }, []);

  const onClose = useCallback(() => {
    setOpen(false);
    pending.current?.reject(new CaptchaCancelledError());
    pending.current = null;
  }, []);

  const holder = host ? null : (
    <Captcha
      key={`${id}-${round}`}
      mode="pop"
      captchaType={options.captchaType}
      open={open}
      onClose={onClose}
      onSuccess={onSuccess}
    />
  );
  return { verify, holder };
}
