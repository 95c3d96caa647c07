import fixNanhai from 'echarts/lib/coord/geo/fix/nanhai.js';
import type { BoundaryFeature } from './region-map';

type InsetRegion = { name: string; geometries: { exterior: number[][] }[] };

/**
 * 南海诸岛 as ECharts adds it to every map registered as 'china', taken from the installed
 * ECharts itself (its `fix/nanhai` module fills a region list), so the server's map of China shows
 * the inset exactly where the browser's ECharts map does, and follows an ECharts upgrade.
 */
function nanhaiFromEcharts(): BoundaryFeature {
  const regions: InsetRegion[] = [];
  fixNanhai('china', regions);
  const inset = regions[0];
  if (!inset) throw new Error('ECharts did not add the 南海诸岛 inset');
  return {
    properties: { name: inset.name },
    geometry: {
      type: 'MultiPolygon',
      coordinates: inset.geometries.map((g) => [
        g.exterior.map(([x, y]): [number, number] => [x, y]),
      ]),
    },
  };
}

export const NANHAI: BoundaryFeature = nanhaiFromEcharts();
