'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CAPTCHA_REP,
  CAPTCHA_TIMINGS,
  type CaptchaChallengeData,
  type CaptchaResponse,
  type CaptchaType,
} from '@/lib/shared/captcha/protocol';
import { fetchChallenge, type CheckOutcome } from './captcha-client';

export type ChallengeState = {
  challenge: CaptchaChallengeData | null;
  loading: boolean;
  /** Why there is no challenge (6201, 6202, network): shown where the picture would be. */
  error: string | null;
};

function stateOf(res: CaptchaResponse<CaptchaChallengeData>): ChallengeState {
  if (res.repCode === CAPTCHA_REP.success.code && res.repData)
    return { challenge: res.repData, loading: false, error: null };
  return { challenge: null, loading: false, error: res.repMsg };
}

/**
 * Loads a challenge on mount and on refresh(); a failed fetch clears the images (spec 4.3: 6201
 * clears them). Also owns the widget's timers so they die with it.
 */
export function useChallenge(type: CaptchaType) {
  const [state, setState] = useState<ChallengeState>({
    challenge: null,
    loading: true,
    error: null,
  });
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    const res = await fetchChallenge(type);
    if (mine === seq.current) setState(stateOf(res)); // else a newer load won
  }, [type]);

  const refresh = useCallback(() => {
    setState((s) => ({ ...s, loading: true }));
    return load();
  }, [load]);

  /** Clears the images and shows a message in their place (6201 from a check). */
  const clear = useCallback((message: string) => {
    seq.current += 1;
    setState({ challenge: null, loading: false, error: message });
  }, []);

  const later = useCallback((fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      fn();
    }, ms);
    timers.current.add(t);
  }, []);

  /**
   * What both widgets do with a check's answer (spec 4.3): a pass shows '{n}s 验证成功' and emits
   * the verification after the success delay; a failure shows 验证失败 with the server's text and
   * reloads after `refreshMs`, except 6201, which clears the images.
   */
  const settle = useCallback(
    (
      out: CheckOutcome,
      opts: {
        startedAt: number | null;
        refreshMs: number;
        show: (status: 'success' | 'fail', tip: string) => void;
        onSuccess: (verification: string) => void;
        reload: () => void;
      },
    ) => {
      const verification = out.verification;
      if (verification) {
        const secs = ((Date.now() - (opts.startedAt ?? Date.now())) / 1000).toFixed(2);
        opts.show('success', `${secs}s 验证成功`);
        later(() => opts.onSuccess(verification), CAPTCHA_TIMINGS.successEmitMs);
        return;
      }
      opts.show('fail', `验证失败：${out.repMsg}`);
      if (out.repCode === CAPTCHA_REP.tooMany.code) clear(out.repMsg);
      else later(opts.reload, opts.refreshMs);
    },
    [clear, later],
  );

  useEffect(() => {
    const pending = timers.current;
    const mine = ++seq.current;
    void fetchChallenge(type).then((res) => {
      if (mine === seq.current) setState(stateOf(res));
    });
    return () => {
      seq.current += 1;
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, [type]);

  return { ...state, refresh, later, settle };
}
