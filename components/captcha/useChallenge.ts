'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CAPTCHA_REP,
  type CaptchaChallengeData,
  type CaptchaResponse,
  type CaptchaType,
} from '@/lib/shared/captcha/protocol';
import { fetchChallenge } from './captcha-client';

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

  return { ...state, refresh, clear, later };
}
