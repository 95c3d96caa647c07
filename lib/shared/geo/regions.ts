import rawRegions from './data/regions.json';

/** 1 province-level, 2 prefecture-level (city), 3 county-level (district). */
export type RegionLevel = 1 | 2 | 3;

/** An administrative division (GB/T 2260 code) with the position of its seat. */
export type Region = {
  code: string;
  name: string;
  level: RegionLevel;
  parentCode: string | null;
  lng: number;
  lat: number;
};

/** The spec's "province shape": the properties block of ECharts' classic china map. */
export type ProvinceShape = {
  id: string;
  name: string;
  /** Centre point [lng, lat] (ECharts calls it cp). */
  cp: [number, number];
  /** Number of child areas (cities). */
  childNum: number;
};

export type RegionTreeNode = { value: string; label: string; children?: RegionTreeNode[] };

export const REGIONS: readonly Region[] = rawRegions as Region[];

const byCode = new Map<string, Region>();
const childrenOf = new Map<string, Region[]>();
for (const r of REGIONS) {
  byCode.set(r.code, r);
  const key = r.parentCode ?? '';
  const list = childrenOf.get(key);
  if (list) list.push(r);
  else childrenOf.set(key, [r]);
}

export function getRegion(code: string): Region | undefined {
  return byCode.get(code);
}

export function getProvinces(): readonly Region[] {
  return childrenOf.get('') ?? [];
}

/** Direct children of a division; no code (or '') gives the provinces. */
export function getChildren(code?: string | null): readonly Region[] {
  return childrenOf.get(code ?? '') ?? [];
}

export function regionName(code: string | null | undefined): string {
  return (code && byCode.get(code)?.name) || '';
}

/** Province → city → district chain ending at the code; empty for an unknown code. */
export function regionPath(code: string | null | undefined): Region[] {
  const path: Region[] = [];
  let current = code ? byCode.get(code) : undefined;
  while (current) {
    path.unshift(current);
    current = current.parentCode ? byCode.get(current.parentCode) : undefined;
  }
  return path;
}

/** 福建省厦门市思明区; a municipality's synthetic city is not repeated (北京市朝阳区). */
export function regionFullName(code: string | null | undefined): string {
  const names: string[] = [];
  for (const r of regionPath(code)) if (names[names.length - 1] !== r.name) names.push(r.name);
  return names.join('');
}

export function getProvinceShapes(): ProvinceShape[] {
  return getProvinces().map((p) => ({
    id: p.code,
    name: p.name,
    cp: [p.lng, p.lat],
    childNum: getChildren(p.code).length,
  }));
}

/** Cascader options (value/label/children), provinces down to the requested depth. */
export function regionTree(depth: RegionLevel = 3): RegionTreeNode[] {
  const walk = (parent: string | null, level: number): RegionTreeNode[] =>
    getChildren(parent).map((r) => {
      const kids = level < depth ? walk(r.code, level + 1) : [];
      return kids.length
        ? { value: r.code, label: r.name, children: kids }
        : { value: r.code, label: r.name };
    });
  return walk(null, 1);
}

// Longest first so 内蒙古自治区 loses the whole suffix, not just 区.
const REGION_SUFFIXES = [
  '维吾尔自治区',
  '壮族自治区',
  '回族自治区',
  '特别行政区',
  '自治区',
  '自治州',
  '自治县',
  '地区',
  '林区',
  '新区',
  '省',
  '市',
  '盟',
  '区',
  '县',
  '旗',
];

const ETHNIC =
  /^(朝鲜|土家|苗|侗|布依|彝|壮|哈尼|傣|景颇|傈僳|藏|羌|白|回|蒙古|哈萨克|柯尔克孜|黎|瑶|畲|满|仫佬|毛南|仡佬|水|纳西|普米|怒|独龙|拉祜|佤|布朗|德昂|阿昌|基诺|撒拉|东乡|保安|裕固|土|锡伯|达斡尔|鄂温克|鄂伦春|塔吉克|维吾尔|各)族?/;

/** 厦门市 → 厦门, 延边朝鲜族自治州 → 延边, 内蒙古自治区 → 内蒙古 (names used inside company names). */
export function shortRegionName(name: string): string {
  if (name === '省直辖县级行政区划') return '';
  for (const suffix of REGION_SUFFIXES) {
    if (name.endsWith(suffix) && name.length - suffix.length >= 2) {
      let stem = name.slice(0, -suffix.length);
      // Ethnic-autonomous names keep the place only: 延边朝鲜族 → 延边, 伊犁哈萨克 → 伊犁.
      if (suffix.startsWith('自治')) {
        for (let i = 2; i < stem.length; i++) {
          if (ETHNIC.test(stem.slice(i))) {
            stem = stem.slice(0, i);
            break;
          }
        }
      }
      return stem;
    }
  }
  return name;
}
