'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { AutoComplete, Button, Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { api } from '@/lib/client/request';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';

export type SearchMode = 'enterprise' | 'park';

/** Spec 3 enterprise suggestion. */
type Suggestion = { ent_id: number; entname: string; uncid: string };

/** Spec 4.1 / 9: nav-bar suggestions are debounced 300 ms and at most 10. */
export const SUGGEST_DEBOUNCE_MS = 300;
export const SUGGEST_LIMIT = 10;

const PLACEHOLDER: Record<SearchMode, string> = {
  enterprise: '请输入企业名称、法人、股东、统一社会信用代码',
  park: '请输入园区名称',
};

function mark(text: string, keyword: string): React.ReactNode {
  const k = keyword.trim();
  const at = k ? text.indexOf(k) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <em className="hl">{k}</em>
      {text.slice(at + k.length)}
    </>
  );
}

export function searchUrl(keyword: string, mode: SearchMode): string {
  const q = new URLSearchParams({ searchValue: keyword.trim() });
  if (mode === 'park') q.set('searchType', 'park');
  return `/companySearch?${q}`;
}

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
  const [typed, setTyped] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<AbortController | null>(null);
  const justSelected = useRef(false);

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
      return;
    }
    timer.current = setTimeout(async () => {
      const ctrl = new AbortController();
      inflight.current = ctrl;
      try {
        // The openapi proxy (spec 7.3); the park option suggests companies in that park.
        const list = await api.post<Suggestion[]>(
          '/sztk/data/openapi',
          { keyword, size: SUGGEST_LIMIT, type: mode },
          { query: { urlPath: '/enterprise/suggest' }, signal: ctrl.signal, silent: true },
        );
        if (!ctrl.signal.aborted) {
          setTyped(keyword);
          setOptions(list.slice(0, SUGGEST_LIMIT));
        }
      } catch {
        if (!ctrl.signal.aborted) setOptions([]);
      }
    }, SUGGEST_DEBOUNCE_MS);
  }

  function onSelect(entId: string) {
    justSelected.current = true;
    setTimeout(() => (justSelected.current = false), 0);
    const s = options.find((o) => String(o.ent_id) === entId);
    if (!s) return;
    setValue(s.entname);
    window.open(companyDetailPath({ uncid: s.uncid, name: s.entname }), '_blank', 'noopener');
  }

  function submit(e?: React.FormEvent) {
    e?.preventDefault();
    if (justSelected.current) return;
    const keyword = value.trim();
    if (!keyword) return;
    const url = searchUrl(keyword, mode);
    setOptions([]);
    if (pathname === '/companySearch') {
      // Already on the results: run the search here (a refresh when it is the same search).
      if (window.location.pathname + window.location.search === url) router.refresh();
      else router.push(url);
    } else window.open(url, '_blank', 'noopener');
  }

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
          popupMatchSelectWidth
          options={options.map((o) => ({
            value: String(o.ent_id),
            label: (
              <div className="top-search-option" title={o.entname}>
                {mark(o.entname, typed)}
              </div>
            ),
          }))}
        >
          <Input
            name="searchValue"
            aria-label={PLACEHOLDER[mode]}
            placeholder={PLACEHOLDER[mode]}
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
