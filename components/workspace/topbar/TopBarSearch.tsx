'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { SEARCH_PLACEHOLDER, type SearchMode } from '@/components/search/search-box-model';
import { onDemand } from '@/lib/client/on-demand';

type BoxProps = { defaultValue?: string; defaultMode?: SearchMode };

/** The antd box (AutoComplete, Select, Input): after the page has loaded, or on first use. */
const loadBox = onDemand(() =>
  import('@/components/search/EnterpriseSearchBox').then(
    (m) => m.EnterpriseSearchBox as ComponentType<BoxProps>,
  ),
);

/** Sets an input's value as typing would, so React's onChange of the new box sees it. */
function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The top bar's enterprise search (spec 2.4). The first paint has a plain GET form of the same
 * size (it searches without JavaScript too); the antd box with suggestions and recent searches
 * replaces it once the page is idle after load, or at once when the pointer or focus reaches it.
 * Whatever was typed, the chosen mode, the focus and a search already asked for carry over.
 */
export function TopBarSearch() {
  const [Box, setBox] = useState<ComponentType<BoxProps> | null>(null);
  const [mode, setMode] = useState<SearchMode>('enterprise');
  const wrap = useRef<HTMLDivElement>(null);
  // What the light box has, kept as it changes: read when the real box has taken its place, so
  // text typed between the box's code arriving and the swap is not lost.
  const typed = useRef('');
  const focused = useRef(false);
  const submitWanted = useRef(false);

  const upgrade = useCallback(() => {
    loadBox()
      .then((LoadedBox) => setBox(() => LoadedBox))
      // Offline: the light form still searches; the next hover tries again.
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(upgrade, { timeout: 5000 });
      else timer = setTimeout(upgrade, 1500);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [upgrade]);

  // Before paint: the new box takes the focus where the light one had it.
  useLayoutEffect(() => {
    if (!Box || !(focused.current || submitWanted.current)) return;
    wrap.current?.querySelector<HTMLInputElement>('input[name="searchValue"]')?.focus();
  }, [Box]);

  // Then the typed text, as typing (so suggestions follow), and the search asked for meanwhile
  // (a moment later, once the box has rendered with the text).
  useEffect(() => {
    if (!Box) return;
    const input = wrap.current?.querySelector<HTMLInputElement>('input[name="searchValue"]');
    const value = typed.current;
    if (!input || !value) return;
    typeInto(input, value);
    if (!submitWanted.current || !value.trim()) return;
    const timer = setTimeout(() => input.form?.requestSubmit(), 0);
    return () => clearTimeout(timer);
  }, [Box]);

  if (Box)
    return (
      <div ref={wrap} className="ws-search-box">
        <Box defaultMode={mode} />
      </div>
    );

  return (
    <form
      action="/companySearch"
      method="get"
      role="search"
      className="ws-search-lite"
      onPointerEnter={upgrade}
      onFocus={() => {
        focused.current = true;
        upgrade();
      }}
      onBlur={() => {
        focused.current = false;
      }}
      onSubmit={(e) => {
        // The real box searches (in a new tab, counted for popularity) as soon as it is here.
        e.preventDefault();
        submitWanted.current = true;
        upgrade();
      }}
    >
      <select
        name="searchMode"
        aria-label="搜索类型"
        value={mode}
        onChange={(e) => setMode(e.target.value === 'park' ? 'park' : 'enterprise')}
      >
        <option value="enterprise">企业</option>
        <option value="park">园区</option>
      </select>
      {mode === 'park' ? <input type="hidden" name="searchType" value="park" /> : null}
      <input
        name="searchValue"
        aria-label={SEARCH_PLACEHOLDER[mode]}
        placeholder={SEARCH_PLACEHOLDER[mode]}
        maxLength={100}
        autoComplete="off"
        onInput={(e) => {
          typed.current = e.currentTarget.value;
        }}
        data-testid="top-search-input"
      />
      <button type="submit" aria-label="搜索">
        <svg viewBox="0 0 16 16" aria-hidden focusable="false">
          <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M11 11l3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <span>搜索</span>
      </button>
    </form>
  );
}
