'use client';

import dynamic from 'next/dynamic';
import type { MapTileLayer } from '@/lib/shared/map/map-tiles';
import type { MapRegionValue } from './ChinaMap';

// ECharts and the boundaries arrive after the page: the counts are already in the HTML list.
const ChinaMap = dynamic(() => import('./ChinaMap'), {
  ssr: false,
  loading: () => <div className="mgc-map-loading">地图加载中…</div>,
});

/**
 * The map island of an open page: a choropleth of server-rendered counts whose areas are links
 * (a click loads the address the server gave for that region), so the page keeps its state in
 * the address and works without this island.
 */
export function RegionCountsMap({
  regionCode,
  values,
  hrefs,
  label,
  tiles,
}: {
  regionCode: string;
  values: readonly MapRegionValue[];
  /** Region code → the page showing it. */
  hrefs: Readonly<Record<string, string>>;
  label: string;
  /** The configured base layer, if any (ADR 0202). */
  tiles: MapTileLayer | null;
}) {
  return (
    <ChinaMap
      label={label}
      tiles={tiles}
      regionCode={regionCode}
      values={values}
      valueLabel="企业数"
      height={440}
      onAreaClick={(code) => {
        const href = hrefs[code];
        if (href) window.location.assign(href);
      }}
    />
  );
}
