import { REGIONS, shortRegionName } from './regions';

/**
 * Organisational suffixes of Chinese company names, longest first (so 股份有限公司 is matched
 * before 有限公司). Used for the side menu's two-character abbreviation and the name generator.
 */
export const COMPANY_SUFFIXES: readonly string[] = [
  '集团股份有限公司',
  '合伙企业（有限合伙）',
  '合伙企业（普通合伙）',
  '集团有限责任公司',
  '农民专业合作社',
  '集团有限公司',
  '股份有限公司',
  '有限责任公司',
  '股份合作公司',
  '个体工商户',
  '有限公司',
  '合伙企业',
  '专业合作社',
  '分公司',
  '子公司',
  '经营部',
  '服务部',
  '门市部',
  '工作室',
  '事务所',
  '合作社',
  '营业部',
  '办事处',
  '集团',
  '公司',
  '商行',
  '总厂',
  '厂',
  '店',
];

/** Prefixes that are places, longest first: provinces and cities (full and short), districts, 中国. */
const PLACE_PREFIXES: string[] = (() => {
  const set = new Set<string>(['中国', '中华']);
  for (const r of REGIONS) {
    set.add(r.name);
    // A district's short form (思明) is too often part of a brand; only provinces and cities.
    if (r.level < 3) {
      const short = shortRegionName(r.name);
      if (short.length >= 2) set.add(short);
    }
  }
  return [...set].sort((a, b) => b.length - a.length);
})();

const BRACKETS = /[（(][^）)]*[）)]/g;

/**
 * Two-character abbreviation for an avatar (spec 2.5): places, bracketed parts and suffix words
 * are stripped, then the first two characters of what is left are used.
 * 厦门锐通教育科技有限责任公司 → 锐通; 锐通科技（厦门）有限公司 → 锐通.
 */
export function shortEnterpriseName(name: string): string {
  const original = name.trim();
  const plain = original.replace(BRACKETS, '') || original;
  const core = stripSuffixes(stripPlaces(plain));
  if (core.length >= 2) return core.slice(0, 2);
  // 厦门有限公司: the place is the whole trade name, so keep it.
  const withPlace = stripSuffixes(plain);
  return (withPlace.length >= 2 ? withPlace : plain).slice(0, 2);
}

function stripPlaces(text: string): string {
  let rest = text;
  for (let changed = true; changed;) {
    changed = false;
    for (const place of PLACE_PREFIXES) {
      if (rest.startsWith(place) && rest.length > place.length) {
        rest = rest.slice(place.length);
        changed = true;
        break;
      }
    }
  }
  return rest;
}

function stripSuffixes(text: string): string {
  let rest = text;
  for (let changed = true; changed && rest;) {
    changed = false;
    for (const suffix of COMPANY_SUFFIXES) {
      if (rest.endsWith(suffix)) {
        rest = rest.slice(0, -suffix.length);
        changed = true;
        break;
      }
    }
  }
  return rest;
}
