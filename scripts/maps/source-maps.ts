/**
 * Reading the community map packages (ADR 0186): their UMD files register maps with ECharts, and
 * their features are named ('河北', '合肥市', '思明区') or coded; both are matched to the regions
 * of lib/shared/geo so that counts join by code.
 */
import fs from 'node:fs';
import vm from 'node:vm';
import type { Region } from '@/lib/shared/geo';

export type SourceFeature = { id?: string; properties: { name: string; [k: string]: unknown } };
export type SourceCollection = { features: SourceFeature[]; [k: string]: unknown };

/** Runs a UMD map file with a stand-in `echarts` and returns what it registered. */
export function registeredMaps(file: string): { name: string; json: SourceCollection }[] {
  const out: { name: string; json: SourceCollection }[] = [];
  const echarts = {
    registerMap: (name: string, json: SourceCollection) => out.push({ name, json }),
  };
  const source = fs.readFileSync(file, 'utf8');
  vm.runInNewContext(source, { echarts, define: undefined, exports: undefined, console });
  return out;
}

/** The region a feature stands for: by its code, else by its name ('河北' → 河北省, '厦门市'). */
export function matchRegion(
  regions: readonly Region[],
  feature: SourceFeature,
): Region | undefined {
  const id = feature.id ? String(feature.id) : '';
  const byCode = regions.find((r) => r.code === id || (id.length === 2 && r.code === `${id}0000`));
  if (byCode) return byCode;
  const name = feature.properties.name;
  const exact = regions.find((r) => r.name === name);
  if (exact) return exact;
  const base = name.replace(/(地区|市|县|区)$/, '');
  return regions.find((r) => r.name.startsWith(base) || name.startsWith(r.name));
}
