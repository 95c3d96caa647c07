'use client';

import { createContext, useContext, useState } from 'react';

export type DetailTabInfo = { key: string; label: string; count?: number };

const ActiveTab = createContext<string>('');

/**
 * Tabs of the company page, without antd: the panels are server-rendered children (TabPanel), so
 * crawlers and visitors without JavaScript get all of them (the <noscript> rule shows them one
 * below the other); this island only switches which one is shown and keeps ?tab= in the address.
 */
export function DetailTabs({
  tabs,
  defaultKey,
  children,
}: {
  tabs: DetailTabInfo[];
  defaultKey?: string;
  children: React.ReactNode;
}) {
  const [active, setActive] = useState(defaultKey ?? tabs[0]?.key ?? '');

  function pick(key: string) {
    setActive(key);
    // Shareable links to a tab without a navigation.
    const url = new URL(window.location.href);
    url.searchParams.set('tab', key);
    window.history.replaceState(window.history.state, '', url);
  }

  function onKey(e: React.KeyboardEvent, i: number) {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = tabs[(i + step + tabs.length) % tabs.length];
    pick(next.key);
    document.getElementById(`ent-tab-${next.key}`)?.focus();
  }

  return (
    <div className="ent-tabs">
      <noscript>
        <style>{`.ent-tabs [role=tabpanel]{display:block!important;margin-bottom:24px}.ent-tablist{display:none!important}.ent-tabs .ent-panel-title{position:static;width:auto;height:auto;clip:auto;font-size:16px;margin:8px 0 12px}`}</style>
      </noscript>
      <div role="tablist" aria-label="企业信息" className="ent-tablist">
        {tabs.map((t, i) => (
          <button
            key={t.key}
            id={`ent-tab-${t.key}`}
            type="button"
            role="tab"
            className="ent-tab"
            aria-selected={t.key === active}
            aria-controls={`ent-panel-${t.key}`}
            tabIndex={t.key === active ? 0 : -1}
            onClick={() => pick(t.key)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
            {t.count !== undefined ? <span className="ent-tab-count">{t.count}</span> : null}
          </button>
        ))}
      </div>
      <ActiveTab.Provider value={active}>{children}</ActiveTab.Provider>
    </div>
  );
}

/**
 * One panel: server-rendered content, hidden unless active. `lazy` content (the graphs) mounts
 * only once its tab has been opened, so its code loads only then.
 */
export function TabPanel({
  tabKey,
  lazy = false,
  children,
}: {
  tabKey: string;
  lazy?: boolean;
  children: React.ReactNode;
}) {
  const active = useContext(ActiveTab) === tabKey;
  const [opened, setOpened] = useState(active);
  if (active && !opened) setOpened(true);
  return (
    <div
      role="tabpanel"
      id={`ent-panel-${tabKey}`}
      aria-labelledby={`ent-tab-${tabKey}`}
      hidden={!active}
      tabIndex={0}
    >
      {lazy && !opened ? null : children}
    </div>
  );
}
