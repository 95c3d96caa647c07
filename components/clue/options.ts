import { useQuery } from '@tanstack/react-query';
import type { RegionTreeNode } from '@/lib/shared/geo';
import { industryTree, type IndustryTreeNode } from '@/lib/shared/industry/industries';

let regions: Promise<RegionTreeNode[]> | null = null;
let industries: IndustryTreeNode[] | null = null;

/**
 * 省 / 市 / 区 cascader options, built once. The region table (~370 KB of JSON with every seat's
 * position) is a separate chunk, fetched the first time a region picker is needed, not with the page.
 */
export function loadRegionOptions(): Promise<RegionTreeNode[]> {
  regions ??= import('@/lib/shared/geo/regions').then((m) => m.regionTree(3));
  regions.catch(() => {
    regions = null;
  });
  return regions;
}

/** The region options once `enabled` (a region picker opened or a region is set); cached. */
export function useRegionOptions(enabled: boolean) {
  const q = useQuery({
    queryKey: ['clue', 'region-options'],
    queryFn: loadRegionOptions,
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  return { options: q.data, loading: enabled && q.isLoading };
}

/** The cascader path of a region from a lead's own codes (no region table needed). */
export function regionPath(
  provinceCode: string | null | undefined,
  cityCode: string | null | undefined,
  districtCode: string | null | undefined,
): string[] | undefined {
  const path = [provinceCode, cityCode, districtCode].filter((c): c is string => !!c);
  return path.length ? path : undefined;
}

/** Industry cascader options (门类 → 大类 → 中类), built once. */
export function industryOptions(): IndustryTreeNode[] {
  industries ??= industryTree(3);
  return industries;
}

/** The cascader path of a code: each level's code from the top down to `code`. */
export function pathTo(tree: { value: string; children?: unknown[] }[], code: string | null) {
  if (!code) return undefined;
  type Node = { value: string; children?: Node[] };
  const find = (nodes: Node[], trail: string[]): string[] | null => {
    for (const n of nodes) {
      if (n.value === code) return [...trail, n.value];
      const hit = n.children ? find(n.children, [...trail, n.value]) : null;
      if (hit) return hit;
    }
    return null;
  };
  return find(tree as Node[], []) ?? undefined;
}
