'use client';

import { useEffect, useState } from 'react';
import type { ECharts } from 'echarts/core';
import './map-tiles.css';
import { placeTiles, type MapTileLayer, type PlacedTile } from '@/lib/shared/map/map-tiles';

type LngLat = [number, number];

/** The chart's pixel ↔ [lng, lat] of its geo, or null while nothing is drawn. */
function converter(chart: ECharts, to: 'pixel' | 'coord') {
  return (value: LngLat): LngLat | null => {
    if (chart.isDisposed()) return null;
    try {
      const out = (
        to === 'pixel'
          ? chart.convertToPixel({ geoIndex: 0 }, value)
          : chart.convertFromPixel({ geoIndex: 0 }, value)
      ) as number[] | undefined;
      return out && out.length >= 2 && !out.some(Number.isNaN) ? [out[0], out[1]] : null;
    } catch {
      return null;
    }
  };
}

/**
 * The base layer under the chart (ADR 0202): images of the configured tile service placed on the
 * chart's view after every pan and zoom. GCJ-02 tiles (maps published in China) are shifted by
 * gcoord, loaded only when such a layer is set.
 */
export function MapTiles({ chart, layer }: { chart: ECharts; layer: MapTileLayer }) {
  const [tiles, setTiles] = useState<PlacedTile[]>([]);
  useEffect(() => {
    let live = true;
    let frame = 0;
    let toTileDatum: ((at: LngLat) => LngLat) | null = layer.datum === 'wgs84' ? (at) => at : null;
    const place = () => {
      frame = 0;
      if (!live || !toTileDatum || chart.isDisposed()) return;
      setTiles(
        placeTiles(
          { width: chart.getWidth(), height: chart.getHeight() },
          converter(chart, 'coord'),
          converter(chart, 'pixel'),
          layer,
          toTileDatum,
        ),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    if (!toTileDatum)
      void import('gcoord').then(({ default: gcoord }) => {
        toTileDatum = (at) => gcoord.transform(at, gcoord.WGS84, gcoord.GCJ02) as LngLat;
        schedule();
      });
    chart.on('georoam', schedule);
    chart.on('finished', schedule);
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      chart.off('georoam', schedule);
      chart.off('finished', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [chart, layer]);

  return (
    <>
      <div className="map-tiles" aria-hidden data-testid="map-tiles">
        {tiles.map((t) => (
          // Plain images: the tiles come from another origin and change on every pan.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            key={t.key}
            src={t.url}
            alt=""
            draggable={false}
            style={{ left: t.left, top: t.top, width: t.width, height: t.height }}
          />
        ))}
      </div>
      {layer.attribution ? <div className="map-tiles-attribution">{layer.attribution}</div> : null}
    </>
  );
}
