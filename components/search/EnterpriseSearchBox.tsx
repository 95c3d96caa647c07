'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { AutoComplete, Button, Input, Select, Space } from 'antd';
import type { AutoCompleteProps } from 'antd';
import { HistoryOutlined, SearchOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { useSession } from '@/lib/client/session';
import {
  clearSearchHistory,
  getSearchConditionHistory,
  markSearchEnterprise,
  markSearchKeyword,
  openapiPaid,
} from '@/lib/shared/search/search.endpoints';
import { searchEstates } from '@/lib/shared/park/estate.endpoints';
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
  SUGGEST_POPUP_MIN_WIDTH,
  type SearchMode,
} from './search-box-model';

export type { SearchMode } from './search-box-model';

type Suggestion = EnterpriseSuggestion;

/** A recent search of the signed-in member (kind keyword). */
type RecentSearch = SearchHistoryEntry;

/** Recent searches shown under the empty box. */
const RECENT_LIMIT = 8;
/** Option values of recent searches; suggestions use the company id. */
const RECENT_PREFIX = 'recent:';
/** Option values of park suggestions (the park option searches park records). */
const PARK_PREFIX = 'park:';

/**
 * The top-bar search box (spec 2.4). Searching opens /companySearch in a new tab, or reloads the
 * results when already there; choosing a suggestion opens the company in a new tab. It is a GET
 * form, so without JavaScript it still searches (in the same tab).
 */
export function EnterpriseSearchBox({
  defaultValue = '',
  defaultMode = 'enterprise',
}: {
  defaultValue?: string;
  defaultMode?: SearchMode;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [mode, setMode] = useState<SearchMode>(defaultMode);
  const [value, setValue] = useState(defaultValue);
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [parks, setParks] = useState<EstateSummary[]>([]);
  const [typed, setTyped] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<AbortController | null>(null);
  const justSelected = useRef(false);
  const { status } = useSession();
  const [recent, setRecent] = useState<RecentSearch[]>([]);
  // Only the latest read of the recent searches may land: a read still on its way when 清空 is
  // pressed would bring the cleared list back.
  const recentRead = useRef(0);
  const focused = useRef(false);

  // A new defaultValue (navigation to another search) replaces what was typed.
  const [shownDefault, setShownDefault] = useState(defaultValue);
  if (shownDefault !== defaultValue) {
    setShownDefault(defaultValue);
    setValue(defaultValue);
  }
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );

  function onType(text: string) {
    setValue(text);
    if (timer.current) clearTimeout(timer.current);
    inflight.current?.abort();
    const keyword = text.trim();
    if (keyword.length === 0) {
      setOptions([]);
      setParks([]);
      void loadRecent();
      return;
    }
    timer.current = setTimeout(async () => {
      const ctrl = new AbortController();
      inflight.current = ctrl;
      try {
        if (mode === 'park') {
          // The park option suggests park and building records (ADR 0201).
          const found = await call(
            searchEstates,
            { body: { keyword, pageSize: SUGGEST_LIMIT } },
            { signal: ctrl.signal, silent: true },
          );
          if (!ctrl.signal.aborted) {
            setTyped(keyword);
            setOptions([]);
            setParks(found.list);
          }
          return;
        }
        // The openapi proxy (spec 7.3): companies by name.
        const list = await call(
          openapiPaid.suggest,
          { body: { keyword, size: SUGGEST_LIMIT, type: mode } },
          { signal: ctrl.signal, silent: true },
        );
        if (!ctrl.signal.aborted) {
          setTyped(keyword);
          setParks([]);
          setOptions(list.slice(0, SUGGEST_LIMIT));
        }
      } catch {
        if (!ctrl.signal.aborted) {
          setOptions([]);
          setParks([]);
        }
      }
    }, SUGGEST_DEBOUNCE_MS);
  }

  // Members see their recent searches when the box is focused while empty.
  async function loadRecent() {
    if (status !== 'signed-in') return;
    const read = ++recentRead.current;
    try {
      const list = await call(
        getSearchConditionHistory,
        { query: { kind: 'keyword' } },
        { silent: true },
      );
      if (read === recentRead.current)
        setRecent(list.filter((r) => r.keyword).slice(0, RECENT_LIMIT));
    } catch {
      if (read === recentRead.current) setRecent([]);
    }
  }

  // The box may be opened before the session has loaded: the list follows once it has.
  useEffect(() => {
    if (status === 'signed-in' && focused.current && !value.trim()) void loadRecent();
    // Only a change of session matters here, not every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  // Members' picks are recorded for popularity (spec 7.3 mark keyword / mark enterprise), silently
  // and without waiting: a failed record never gets in the way of the search.
  function markKeyword(keyword: string) {
    if (status !== 'signed-in') return;
    void call(markSearchKeyword, { body: { keyword } }, { silent: true }).catch(() => undefined);
  }

  function markEnterprise(entId: number, keyword: string) {
    if (status !== 'signed-in') return;
    void call(markSearchEnterprise, { body: { entId, keyword } }, { silent: true }).catch(
      () => undefined,
    );
  }

  async function clearRecent() {
    recentRead.current++;
    setRecent([]);
    await call(clearSearchHistory, {}, { silent: true }).catch(() => undefined);
  }

  function go(url: string) {
    setOptions([]);
    setParks([]);
    if (pathname === '/companySearch') {
      // Already on the results: run the search here (a refresh when it is the same search).
      if (window.location.pathname + window.location.search === url) router.refresh();
      else router.push(url);
    } else window.open(url, '_blank', 'noopener');
  }

  function onSelect(picked: string) {
    justSelected.current = true;
    setTimeout(() => (justSelected.current = false), 0);
    if (picked.startsWith(RECENT_PREFIX)) {
      const r = recent.find((x) => `${RECENT_PREFIX}${x.id}` === picked);
      if (!r) return;
      const m: SearchMode = r.condition?.searchType === 'park' ? 'park' : 'enterprise';
      setMode(m);
      setValue(r.keyword);
      markKeyword(r.keyword);
      go(searchUrl(r.keyword, m));
      return;
    }
    if (picked.startsWith(PARK_PREFIX)) {
      const park = parks.find((p) => `${PARK_PREFIX}${p.id}` === picked);
      if (!park) return;
      setValue(park.name);
      window.open(estateSearchPath(park.id), '_blank', 'noopener');
      return;
    }
    const s = options.find((o) => String(o.ent_id) === picked);
    if (!s) return;
    setValue(s.entname);
    markEnterprise(s.ent_id, typed);
    window.open(companyDetailPath({ uncid: s.uncid, name: s.entname }), '_blank', 'noopener');
  }

  function submit(e?: React.FormEvent) {
    e?.preventDefault();
    if (justSelected.current) return;
    const keyword = value.trim();
    if (!keyword) return;
    markKeyword(keyword);
    go(searchUrl(keyword, mode));
  }

  const parkOptions: AutoCompleteProps['options'] = parks.map((p) => ({
    value: `${PARK_PREFIX}${p.id}`,
    label: (
      <div className="top-search-option" title={p.name} data-testid="park-suggestion">
        {highlightKeyword(p.name, typed)}
        <span className="top-search-tag">{ESTATE_KIND_LABEL[p.kind]}</span>
        <span className="top-search-sub">
          {p.regionName} · {p.companyCount} 家企业
        </span>
      </div>
    ),
  }));
  const suggestionOptions: AutoCompleteProps['options'] = [
    ...parkOptions,
    ...options.map((o) => ({
      value: String(o.ent_id),
      label: (
        <div className="top-search-option" title={o.entname}>
          {highlightKeyword(o.entname, typed)}
        </div>
      ),
    })),
  ];
  const recentOptions: AutoCompleteProps['options'] | null =
    !value.trim() && recent.length > 0
      ? [
          {
            label: (
              <div className="top-search-recent-head">
                <span>最近搜索</span>
                <Button
                  type="link"
                  size="small"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => void clearRecent()}
                >
                  清空
                </Button>
              </div>
            ),
            options: recent.map((r) => ({
              value: `${RECENT_PREFIX}${r.id}`,
              label: (
                <div className="top-search-option" title={r.keyword}>
                  <HistoryOutlined /> {r.keyword}
                  {r.condition?.searchType === 'park' ? (
                    <span className="top-search-tag">园区</span>
                  ) : null}
                </div>
              ),
            })),
          },
        ]
      : null;

  return (
    <form
      action="/companySearch"
      method="get"
      role="search"
      onSubmit={submit}
      className="top-search"
    >
      <Space.Compact style={{ width: '100%' }}>
        <Select<SearchMode>
          value={mode}
          onChange={(m) => {
            setMode(m);
            setOptions([]);
            setParks([]);
          }}
          aria-label="搜索类型"
          style={{ width: 88 }}
          options={[
            { value: 'enterprise', label: '企业' },
            { value: 'park', label: '园区' },
          ]}
        />
        {mode === 'park' ? <input type="hidden" name="searchType" value="park" /> : null}
        <AutoComplete
          value={value}
          onSearch={onType}
          onSelect={onSelect}
          defaultActiveFirstOption={false}
          style={{ flex: 1 }}
          // At least 420 px (the names are long), as wide as the box when it is wider.
          popupMatchSelectWidth={SUGGEST_POPUP_MIN_WIDTH}
          // Searches are recorded without holding their page: read the list afresh on every open.
          onFocus={() => {
            focused.current = true;
            if (!value.trim()) void loadRecent();
          }}
          onBlur={() => {
            focused.current = false;
          }}
          onClick={() => {
            if (!value.trim()) void loadRecent();
          }}
          options={recentOptions ?? suggestionOptions}
          // The recent list is findable like the lean box's (a member's 企业查询 uses this box).
          popupRender={(menu) =>
            recentOptions ? <div data-testid="recent-searches">{menu}</div> : menu
          }
        >
          <Input
            name="searchValue"
            aria-label={SEARCH_PLACEHOLDER[mode]}
            placeholder={SEARCH_PLACEHOLDER[mode]}
            maxLength={100}
            autoComplete="off"
            data-testid="top-search-input"
          />
        </AutoComplete>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} aria-label="搜索">
          搜索
        </Button>
      </Space.Compact>
    </form>
  );
}
