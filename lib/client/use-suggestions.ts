'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * Suggestions while typing (a company name in 绑定企业 or the lead form): asked `delayMs` after
 * the last key, only from `minLength` characters, the previous request aborted when a newer one
 * starts, nothing set after unmount. A failed request empties the list.
 */
export function useSuggestions<T>(
  load: (keyword: string, signal: AbortSignal) => Promise<T[]>,
  { limit, minLength = 2, delayMs = 300 }: { limit: number; minLength?: number; delayMs?: number },
): { options: T[]; search: (text: string) => void } {
  const [options, setOptions] = useState<T[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );

  const search = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    const keyword = text.trim();
    if (Array.from(keyword).length < minLength) {
      inflight.current?.abort();
      setOptions([]);
      return;
    }
    timer.current = setTimeout(async () => {
      inflight.current?.abort();
      const ctrl = new AbortController();
      inflight.current = ctrl;
      try {
        const list = await load(keyword, ctrl.signal);
        if (!ctrl.signal.aborted) setOptions(list.slice(0, limit));
      } catch {
        if (!ctrl.signal.aborted) setOptions([]);
      }
    }, delayMs);
  };
  return { options, search };
}
