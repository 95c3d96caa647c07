'use client';

import { useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { call } from '@/lib/client/request';
import { openapiFree } from '@/lib/shared/search/search.endpoints';

export type PickedEnterprise = { id: number; name: string; uncid: string | null };

const DEBOUNCE_MS = 250;

/** 关联企业: a company chosen from the search's suggestions (by name or credit code). */
export function EnterprisePicker({
  value,
  onChange,
  initial,
  label = '关联企业',
}: {
  value?: number | null;
  onChange?: (id: number | null, picked: PickedEnterprise | null) => void;
  /** The linked company when editing, so its name shows before any search. */
  initial?: PickedEnterprise | null;
  /** The box's accessible name (企业报告 calls it 选择企业). */
  label?: string;
}) {
  const [options, setOptions] = useState<PickedEnterprise[]>(initial ? [initial] : []);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<AbortController | null>(null);

  function search(text: string) {
    if (timer.current) clearTimeout(timer.current);
    inflight.current?.abort();
    const keyword = text.trim();
    if (!keyword) return;
    timer.current = setTimeout(async () => {
      const ctrl = new AbortController();
      inflight.current = ctrl;
      setLoading(true);
      try {
        const list = await call(
          openapiFree.suggest,
          { body: { keyword, size: 10 } },
          { signal: ctrl.signal, silent: true },
        );
        if (!ctrl.signal.aborted)
          setOptions(list.map((s) => ({ id: s.ent_id, name: s.entname, uncid: s.uncid || null })));
      } catch {
        if (!ctrl.signal.aborted) setOptions([]);
      } finally {
        if (!ctrl.signal.aborted) setLoading(false);
      }
    }, DEBOUNCE_MS);
  }

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      placeholder="输入企业名称或信用代码搜索"
      aria-label={label}
      value={value ?? undefined}
      notFoundContent={loading ? <Spin size="small" /> : '没有匹配的企业'}
      onChange={(id) => {
        const picked = options.find((o) => o.id === id) ?? null;
        onChange?.(id ?? null, picked);
      }}
      options={options.map((o) => ({
        value: o.id,
        label: o.name,
        title: o.uncid ?? undefined,
      }))}
      optionRender={(o) => {
        const e = options.find((x) => x.id === o.value);
        return (
          <div className="cust-ent-option">
            <span>{e?.name}</span>
            {e?.uncid ? <span className="cust-muted">{e.uncid}</span> : null}
          </div>
        );
      }}
    />
  );
}
