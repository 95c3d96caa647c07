'use client';

import { useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import type { MapTileLayer } from '@/lib/shared/map/map-tiles';
import type { MapRegionValue } from './ChinaMap';

// ECharts and the boundaries arrive only when wanted: the server's map and list are in the HTML.
const ChinaMap = dynamic(() => import('./ChinaMap'), { ssr: false });

/**
 * The map island of an open page: the server-drawn SVG map (links, hover counts) first; when
 * the visitor reaches for the map (pointer over it, focus inside, a touch) the interactive
 * ECharts map loads, draws the same numbers in the same box and takes over; its areas are links
 * too (a click loads the address the server gave for that region). With a base layer configured
 * (ADR 0202) it loads at once: the tiles need it. While a keyboard user is inside the SVG map,
 * the SVG stays in front, so the focused link stays visible.
 */
export function RegionCountsMap({
  regionCode,
  values,
  hrefs,
  label,
  tiles,
  children,
}: {
  regionCode: string;
  values: readonly MapRegionValue[];
  /** Region code → the page showing it. */
  hrefs: Readonly<Record<string, string>>;
  label: string;
  /** The configured base layer, if any (ADR 0202). */
  tiles: MapTileLayer | null;
  /** The server-drawn map (RegionSvgMap), or nothing when it could not be drawn. */
  children?: ReactNode;
}) {
  // Without a server map (its file unreadable) the island is the map: it loads at once too.
  const [wanted, setWanted] = useState(tiles !== null || children == null);
  const [drawn, setDrawn] = useState(false);
  const want = () => setWanted(true);
  return (
    <div
      className={`region-map-box${drawn ? ' is-drawn' : ''}`}
      onPointerEnter={wanted ? undefined : want}
      onFocus={wanted ? undefined : want}
      onTouchStart={wanted ? undefined : want}
    >
      <div className="region-map-static">{children}</div>
      {wanted ? (
        <div className="region-map-live">
          <ChinaMap
            label={label}
            tiles={tiles}
            regionCode={regionCode}
            values={values}
            valueLabel="企业数"
            height="100%"
            onViewChange={drawn ? undefined : () => setDrawn(true)}
            onAreaClick={(code) => {
              const href = hrefs[code];
              if (href) window.location.assign(href);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
