'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { leanCall } from '@/lib/client/lean/lean-api';
import { LEAN_ROUTES } from '@/lib/client/lean/lean-routes';
import { useLeanSession } from '@/lib/client/lean/public-session';
import type { EnterpriseSuggestion, SearchHistoryEntry } from '@/lib/shared/search/search.contract';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import type { EstateSummary } from '@/lib/shared/park/estate.contract';
import { ESTATE_KIND_LABEL, estateSearchPath } from '@/lib/shared/park/estate-model';
import {
  highlightKeyword,
  SEARCH_PLACEHOLDER,
  searchUrl,
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_LIMIT,
  type SearchMode,
} from './search-box-model';

/** Recent searches shown under the empty box. */
const RECENT_LIMIT = 8;

type Item =
  | { kind: 'suggestion'; s: EnterpriseSuggestion }
  | { kind: 'park'; p: EstateSummary }
  | { kind: 'recent'; r: SearchHistoryEntry };

/**
 * The top-bar search box of the lean public pages (spec 2.4), without antd: a GET form (works
 * without JavaScript), a 企业/园区 switch, and suggestions as an ARIA combobox. A suggestion opens
 * the company in a new tab. Searching opens the results in a new tab, or (`inPlace`, the results
 * page itself) runs the search in this tab. With `history`, a member sees their recent searches
 * under the empty box (清空 removes them) and their searches and picks are counted for
 * popularity (spec 7.3), as in the workspace's box. `variant="home"` is the home page's big box:
 * the same suggestions, without the 企业/园区 switch, with 查一下 (issue 28 item 7).
 */
export function LeanSearchBox({
  defaultValue = '',
  defaultMode = 'enterprise',
  inPlace = false,
  history = false,
  variant = 'bar',
}: {
  defaultValue?: string;
  defaultMode?: SearchMode;
  inPlace?: boolean;
  history?: boolean;
  variant?: 'bar' | 'home';
}) {
  const home = variant === 'home';
  const [mode, setMode] = useState<SearchMode>(defaultMode);
  const [value, setValue] = useState(defaultValue);
  const [options, setOptions] = useState<EnterpriseSuggestion[]>([]);
  const [parks, setParks] = useState<EstateSummary[]>([]);
  const [recent, setRecent] = useState<SearchHistoryEntry[]>([]);
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<AbortController | null>(null);
  // Only the latest read of the recent searches may land: a read still on its way when 清空 is
  // pressed would bring the cleared list back.
  const recentRead = useRef(0);
  const focused = useRef(false);
  const listId = useId();
  const session = useLeanSession();
  const member = history && session === 'signed-in';

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );

  async function loadRecent() {
    if (!member) return;
    const read = ++recentRead.current;
    const a = await leanCall(LEAN_ROUTES.searchHistory, {
      query: { kind: 'keyword' },
    }).catch(() => null);
    if (read !== recentRead.current) return;
    const list = a?.code === 200 && Array.isArray(a.data) ? a.data : [];
    setRecent(list.filter((r) => r.keyword).slice(0, RECENT_LIMIT));
  }

  // The box may be focused before the session is known: the list follows once it is.
  useEffect(() => {
    if (member && focused.current && !value.trim()) void loadRecent();
    // Only a change of session matters here, not every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member]);

  async function clearRecent() {
    recentRead.current++;
    setActive(-1);
    // The list goes once the server has forgotten it: what is hidden is gone (a read right after
    // 清空 finds nothing).
    await leanCall(LEAN_ROUTES.clearSearchHistory).catch(() => undefined);
    setRecent([]);
  }

  /** Members' searches and picks count for popularity; silent, never in the way. */
  function markKeyword(keyword: string) {
    if (!member) return;
    void leanCall(LEAN_ROUTES.markKeyword, { body: { keyword }, keepalive: true }).catch(
      () => undefined,
    );
  }

  function markEnterprise(entId: number, keyword: string) {
    if (!member) return;
    void leanCall(LEAN_ROUTES.markEnterprise, {
      body: { entId, keyword },
      keepalive: true,
    }).catch(() => undefined);
  }

  function onType(text: string) {
    setValue(text);
    setActive(-1);
    if (timer.current) clearTimeout(timer.current);
    inflight.current?.abort();
    const keyword = text.trim();
    if (!keyword) {
      setOptions([]);
      void loadRecent();
      return;
    }
    setRecent([]);
    timer.current = setTimeout(async () => {
      const ctrl = new AbortController();
      inflight.current = ctrl;
      try {
        if (mode === 'park') {
          // The park option suggests park and building records (ADR 0201).
          const found = await leanCall(LEAN_ROUTES.parkSearch, {
            body: { keyword, pageSize: SUGGEST_LIMIT },
            signal: ctrl.signal,
          });
          if (ctrl.signal.aborted) return;
          setTyped(keyword);
          setOptions([]);
          setParks(found.code === 200 && found.data ? found.data.list : []);
          return;
        }
        // The openapi proxy (spec 7.3): companies by name.
        const a = await leanCall(LEAN_ROUTES.suggest, {
          body: { keyword, size: SUGGEST_LIMIT, type: mode },
          signal: ctrl.signal,
        });
        if (ctrl.signal.aborted) return;
        setTyped(keyword);
        setParks([]);
        setOptions(a.code === 200 && Array.isArray(a.data) ? a.data.slice(0, SUGGEST_LIMIT) : []);
      } catch {
        if (!ctrl.signal.aborted) setOptions([]);
      }
    }, SUGGEST_DEBOUNCE_MS);
  }

  function close() {
    setOptions([]);
    setParks([]);
    setRecent([]);
    setActive(-1);
  }

  function go(url: string) {
    close();
    if (inPlace) window.location.assign(url);
    else window.open(url, '_blank', 'noopener');
  }

  function openCompany(s: EnterpriseSuggestion) {
    setValue(s.entname);
    close();
    markEnterprise(s.ent_id, typed);
    window.open(companyDetailPath({ uncid: s.uncid, name: s.entname }), '_blank', 'noopener');
  }

  function runRecent(r: SearchHistoryEntry) {
    const m: SearchMode = r.condition?.searchType === 'park' ? 'park' : 'enterprise';
    setMode(m);
    setValue(r.keyword);
    markKeyword(r.keyword);
    go(searchUrl(r.keyword, m));
  }

  const showRecent = !value.trim() && recent.length > 0;
  const items: Item[] = showRecent
    ? recent.map((r) => ({ kind: 'recent', r }))
    : [
        ...parks.map((p): Item => ({ kind: 'park', p })),
        ...options.map((s): Item => ({ kind: 'suggestion', s })),
      ];

  function pick(item: Item) {
    if (item.kind === 'recent') runRecent(item.r);
    else if (item.kind === 'park') {
      setValue(item.p.name);
      close();
      window.open(estateSearchPath(item.p.id), '_blank', 'noopener');
    } else openCompany(item.s);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (active >= 0 && items[active]) return pick(items[active]);
    const keyword = value.trim();
    if (!keyword) return;
    markKeyword(keyword);
    go(searchUrl(keyword, mode));
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (items.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => {
        const next = i + step;
        if (next >= items.length) return -1;
        return next < -1 ? items.length - 1 : next;
      });
    } else if (e.key === 'Escape') {
      close();
    }
  }

  function onFocus() {
    focused.current = true;
    if (!value.trim()) void loadRecent();
  }

  const open = items.length > 0;
  const shownActive = active >= 0 && active < items.length ? active : -1;
  const list = (
    <ul
      id={listId}
      role="listbox"
      aria-label={showRecent ? '最近搜索' : '搜索建议'}
      className={
        showRecent
          ? 'lean-search-recent-list'
          : home
            ? 'lean-search-list is-home'
            : 'lean-search-list'
      }
      hidden={!open}
    >
      {items.map((item, i) => (
        <li
          key={
            item.kind === 'recent'
              ? `r${item.r.id}`
              : item.kind === 'park'
                ? `p${item.p.id}`
                : `s${item.s.ent_id}`
          }
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === shownActive}
          className="top-search-option"
          title={
            item.kind === 'recent'
              ? item.r.keyword
              : item.kind === 'park'
                ? item.p.name
                : item.s.entname
          }
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => pick(item)}
        >
          {item.kind === 'recent' ? (
            <>
              {item.r.keyword}
              {item.r.condition?.searchType === 'park' ? (
                <span className="top-search-tag">园区</span>
              ) : null}
            </>
          ) : item.kind === 'park' ? (
            <>
              {highlightKeyword(item.p.name, typed)}
              <span className="top-search-tag">{ESTATE_KIND_LABEL[item.p.kind]}</span>
              <span className="top-search-sub">
                {item.p.regionName} · {item.p.companyCount} 家企业
              </span>
            </>
          ) : (
            highlightKeyword(item.s.entname, typed)
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <form
      action="/companySearch"
      method="get"
      role="search"
      onSubmit={submit}
      className={home ? 'lean-search lean-search-home' : 'lean-search'}
    >
      {home ? (
        <label htmlFor="home-search" className="visually-hidden">
          企业名称、法人、股东、统一社会信用代码
        </label>
      ) : null}
      {home ? null : (
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
      )}
      <div className="lean-search-field">
        <input
          id={home ? 'home-search' : undefined}
          name="searchValue"
          className={
            home ? 'pub-input pub-input-lg lean-search-input' : 'pub-input lean-search-input'
          }
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shownActive >= 0 ? `${listId}-${shownActive}` : undefined}
          aria-label={home ? undefined : SEARCH_PLACEHOLDER[mode]}
          placeholder={home ? `${SEARCH_PLACEHOLDER.enterprise}等` : SEARCH_PLACEHOLDER[mode]}
          maxLength={100}
          autoComplete="off"
          value={value}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onClick={() => {
            if (!value.trim() && recent.length === 0) void loadRecent();
          }}
          onBlur={() => {
            focused.current = false;
            setTimeout(close, 150);
          }}
          data-testid="top-search-input"
        />
        {showRecent ? (
          <div className="lean-search-pop" data-testid="recent-searches">
            <div className="lean-search-pop-head">
              <span>最近搜索</span>
              <button
                type="button"
                className="lean-search-clear"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void clearRecent()}
              >
                清空
              </button>
            </div>
            {list}
          </div>
        ) : (
          list
        )}
      </div>
      {home ? (
        <button type="submit" className="pub-btn pub-btn-primary pub-btn-lg">
          查一下
        </button>
      ) : (
        <button type="submit" className="pub-btn pub-btn-primary" aria-label="搜索">
          <svg viewBox="0 0 16 16" className="pub-icon" aria-hidden>
            <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path
              d="M11 11l3.5 3.5"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
          搜索
        </button>
      )}
    </form>
  );
}
