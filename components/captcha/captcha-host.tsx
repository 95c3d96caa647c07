'use client';

import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import type { CaptchaType } from '@/lib/shared/captcha/protocol';
import { Captcha } from './Captcha';

export { CAPTCHA_TITLE } from './Captcha';

/** A challenge a useCaptcha() asked a host to show. */
export type HostedChallenge = {
  captchaType?: CaptchaType;
  onSuccess: (verification: string) => void;
  onCancel: () => void;
};

export type CaptchaHost = { show: (challenge: HostedChallenge) => void };

/**
 * Inside a dialog that hosts its own challenges (the login modal), useCaptcha() shows the slider
 * in that dialog, in place of its form, instead of a second dialog stacked over it with a second
 * close button (issue 28 item 7). Elsewhere (no host) it opens its own dialog.
 */
export const CaptchaHostContext = createContext<CaptchaHost | null>(null);

/**
 * The host side: `host` for CaptchaHostContext, `active` while a challenge is up (the dialog's
 * title is then CAPTCHA_TITLE), and `view`, the slider with 返回 (cancel) to render instead of
 * the dialog's body meanwhile.
 */
export function useCaptchaHost(): {
  host: CaptchaHost;
  active: boolean;
  view: ReactNode;
  cancel: () => void;
} {
  const [state, setState] = useState<{ round: number; challenge: HostedChallenge | null }>({
    round: 0,
    challenge: null,
  });
  const host = useMemo<CaptchaHost>(
    () => ({ show: (challenge) => setState((s) => ({ round: s.round + 1, challenge })) }),
    [],
  );
  const { challenge, round } = state;
  const cancel = useCallback(() => {
    setState((s) => ({ ...s, challenge: null }));
    challenge?.onCancel();
  }, [challenge]);
  const view = challenge ? (
    <div data-testid="captcha-in-dialog">
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Captcha
          key={round}
          mode="fixed"
          captchaType={challenge.captchaType}
          onSuccess={(v) => {
            setState((s) => ({ ...s, challenge: null }));
            challenge.onSuccess(v);
          }}
        />
      </div>
      <Button type="link" block onClick={cancel}>
        返回
      </Button>
    </div>
  ) : null;
  return { host, active: challenge !== null, view, cancel };
}
