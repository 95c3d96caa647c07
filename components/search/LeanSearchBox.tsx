'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { leanCall } from '@/lib/client/lean/lean-api';
import { LEAN_ROUTES } from '@/lib/client/lean/lean-routes';
import type { EnterpriseSuggestion } from '@/lib/shared/search/search.contract';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import {
  highlightKeyword,
  SEARCH_PLACEHOLDER,
  searchUrl,
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_LIMIT,
  type SearchMode,
} from './search-box-model';

/**
 * The top-bar search box of the lean public pages (spec 2.4), without antd: a GET form (works
 * without JavaScript), a 企业/园区 switch, and suggestions as an ARIA combobox. Searching opens
 * the results in a new tab; a suggestion opens the company in a new tab.
 */
export function LeanSearchBox({ defaultValue = '' }: { defaultValue?: string }) {
  const [mode, setMode] = useState<SearchMode>('enterprise');
  const [value, setValue] = useState(defaultValue);
  const [options, setOptions] = useState<EnterpriseSuggestion[]>([]);
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<AbortController | null>(null);
  const listId = useId();

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );

  function onType(text: string) {
    setValue(text);
    setActive(-1);
    if (timer.current) clearTimeout(timer.current);
    inflight.current?.abort();
    const keyword = text.trim();
    if (!keyword) return setOptions([]);
    timer.current = setTimeout(async () => {
      const ctrl = new AbortController();
      inflight.current = ctrl;
      try {
        // The openapi proxy (spec 7.3); the park option suggests companies in that park.
        const a = await leanCall<EnterpriseSuggestion[]>(LEAN_ROUTES.suggest, {
          query: { urlPath: '/enterprise/suggest' },
          body: { keyword, size: SUGGEST_LIMIT, type: mode },
          signal: ctrl.signal,
        });
        if (ctrl.signal.aborted) return;
        setTyped(keyword);
        setOptions(a.code === 200 && Array.isArray(a.data) ? a.data.slice(0, SUGGEST_LIMIT) : []);
      } catch {
        if (!ctrl.signal.aborted) setOptions([]);
      }
    }, SUGGEST_DEBOUNCE_MS);
  }

  function openCompany(s: EnterpriseSuggestion) {
    setValue(s.entname);
    setOptions([]);
    window.open(companyDetailPath({ uncid: s.uncid, name: s.entname }), '_blank', 'noopener');
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (active >= 0 && options[active]) return openCompany(options[active]);
    const keyword = value.trim();
    if (!keyword) return;
    setOptions([]);
    window.open(searchUrl(keyword, mode), '_blank', 'noopener');
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (options.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => {
        const next = i + step;
        if (next >= options.length) return -1;
        return next < -1 ? options.length - 1 : next;
      });
    } else if (e.key === 'Escape') {
      setOptions([]);
      setActive(-1);
    }
  }

  const open = options.length > 0;
  const shownActive = active >= 0 && active < options.length ? active : -1;
  return (
    <form
      action="/companySearch"
      method="get"
      role="search"
      onSubmit={submit}
      className="lean-search"
    >
      <select
        className="pub-select lean-search-mode"
        aria-label="搜索类型"
        value={mode}
        onChange={(e) => {
          setMode(e.target.value as SearchMode);
          setOptions([]);
        }}
        name={mode === 'park' ? 'searchType' : undefined}
      >
        <option value="enterprise">企业</option>
        <option value="park">园区</option>
      </select>
      <div className="lean-search-field">
        <input
          name="searchValue"
          className="pub-input lean-search-input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shownActive >= 0 ? `${listId}-${shownActive}` : undefined}
          aria-label={SEARCH_PLACEHOLDER[mode]}
          placeholder={SEARCH_PLACEHOLDER[mode]}
          maxLength={100}
          autoComplete="off"
          value={value}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOptions([]), 150)}
          data-testid="top-search-input"
        />
        <ul id={listId} role="listbox" className="lean-search-list" hidden={!open}>
          {options.map((o, i) => (
            <li
              key={o.ent_id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === shownActive}
              className="top-search-option"
              title={o.entname}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => openCompany(o)}
            >
              {highlightKeyword(o.entname, typed)}
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="pub-btn pub-btn-primary" aria-label="搜索">
        搜索
      </button>
    </form>
  );
}
