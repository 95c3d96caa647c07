'use client';

import { useState } from 'react';
import { Tabs } from 'antd';

export type DetailTabItem = {
  key: string;
  label: string;
  count?: number;
  content: React.ReactNode;
  /** Client-only content (graphs) mounts when first opened instead of with the page. */
  lazy?: boolean;
};

/**
 * Tabs of the company page. Every data panel is rendered on the server and kept in the HTML
 * (forceRender), so crawlers and visitors without JavaScript get all of it; the <noscript> rule
 * shows the hidden panels one below the other when tabs cannot be switched.
 */
export function DetailTabs({ items, defaultKey }: { items: DetailTabItem[]; defaultKey?: string }) {
  const [active, setActive] = useState(defaultKey ?? items[0]?.key);
  return (
    <>
      <noscript>
        <style>{`.ent-tabs [role=tabpanel]{display:block!important;margin-bottom:24px}.ent-tabs .ant-tabs-nav{display:none}.ent-tabs .ent-panel-title{position:static;width:auto;height:auto;clip:auto;font-size:16px;margin:8px 0 12px}`}</style>
      </noscript>
      <Tabs
        className="ent-tabs"
        activeKey={active}
        onChange={(key) => {
          setActive(key);
          // Shareable links to a tab without a navigation.
          const url = new URL(window.location.href);
          url.searchParams.set('tab', key);
          window.history.replaceState(null, '', url);
        }}
        destroyOnHidden={false}
        items={items.map((item) => ({
          key: item.key,
          label: item.count !== undefined ? `${item.label} ${item.count}` : item.label,
          forceRender: !item.lazy,
          children: item.content,
        }))}
      />
    </>
  );
}
