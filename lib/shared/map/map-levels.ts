import { getRegion } from '@/lib/shared/geo';

/** The country's boundary file (public/maps/100000.json, ADR 0186). */
export const CHINA_MAP_FILE = '100000';

/** Which boundary file draws a region, and how. */
export type MapLevelFile = {
  /** The code of the file under public/maps. */
  file: string;
  /** Whether the file's areas are the region's children (choropleth by child). */
  childrenDrawn: boolean;
  /** Centre and zoom (ECharts geo) when the region is shown inside an ancestor's file. */
  center?: [number, number];
  zoom?: number;
};

/**
 * What draws a region ('' = China), given the codes that have a file: its own file (its
 * children's outlines), or the nearest ancestor's, zoomed to the region — a district on its
 * city's map, the municipalities on the country map (ADR 0186). The browser's ECharts map and
 * the server's SVG map both ask this.
 */
export function mapLevelFile(code: string, have: ReadonlySet<string>): MapLevelFile {
  if (!code) return { file: CHINA_MAP_FILE, childrenDrawn: true };
  if (have.has(code)) return { file: code, childrenDrawn: true };
  const region = getRegion(code);
  const center: [number, number] | undefined = region ? [region.lng, region.lat] : undefined;
  const city = region?.level === 3 ? region.parentCode : undefined;
  if (city && have.has(city)) return { file: city, childrenDrawn: false, center, zoom: 3 };
  const province = `${code.slice(0, 2)}0000`;
  const inProvince = region?.level === 2 && have.has(province);
  return {
    file: inProvince ? province : CHINA_MAP_FILE,
    childrenDrawn: false,
    center,
    zoom: inProvince ? 4 : region?.level === 1 ? 7 : 14,
  };
}
