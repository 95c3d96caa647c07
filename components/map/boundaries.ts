'use client';

import * as echarts from 'echarts/core';
import { CHINA_MAP_FILE, mapLevelFile } from '@/lib/shared/map/map-levels';

/*
 * Map boundaries (ADR 0186): one file per level under /maps/<code>.json (100000 = China), fetched
 * the first time the map shows that level and registered with ECharts under the code ('china'
 * for the country, spec 9): China → provinces → cities → districts. Levels without a file (the
 * municipalities as provinces, a few cities, districts) are shown on the nearest level above that
 * has one, zoomed to the region.
 */

let index: Promise<Set<string>> | null = null;
const loaded = new Map<string, Promise<string>>();

function files(): Promise<Set<string>> {
  index ??= fetch('/maps/index.json')
    .then((r) => (r.ok ? (r.json() as Promise<string[]>) : []))
    .then((codes) => new Set(codes))
    .catch(() => {
      index = null;
      return new Set<string>();
    });
  return index;
}

/** The ECharts map name of a boundary file, registered once. */
function register(code: string): Promise<string> {
  const name = code === CHINA_MAP_FILE ? 'china' : code;
  let p = loaded.get(code);
  if (!p) {
    p = fetch(`/maps/${code}.json`)
      .then((r) => {
        if (!r.ok) throw new Error(`地图边界 ${code} 加载失败`);
        return r.json();
      })
      .then((json) => {
        echarts.registerMap(name, json);
        return name;
      });
    p.catch(() => loaded.delete(code));
    loaded.set(code, p);
  }
  return p;
}

export type MapLevel = {
  /** ECharts map name to draw. */
  map: string;
  /** Whether the drawn areas are the children of the region (choropleth by child). */
  childrenDrawn: boolean;
  /** Centre and zoom when the level is shown inside a larger map. */
  center?: [number, number];
  zoom?: number;
};

/**
 * What to draw for a region ('' = China): its own file (its children's outlines), or the
 * nearest ancestor's, zoomed to the region (lib/shared/map/map-levels.ts).
 */
export async function levelFor(code: string): Promise<MapLevel> {
  const { file, ...level } = mapLevelFile(code, await files());
  return { map: await register(file), ...level };
}
