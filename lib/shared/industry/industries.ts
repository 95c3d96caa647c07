import { GBT4754_TEXT } from './gbt4754-data';

/** 1 门类 section (A), 2 大类 division (65), 3 中类 group (651), 4 小类 class (6513). */
export type IndustryLevel = 1 | 2 | 3 | 4;

export type Industry = {
  code: string;
  name: string;
  level: IndustryLevel;
  parentCode: string | null;
};

export type IndustryTreeNode = { value: string; label: string; children?: IndustryTreeNode[] };

function parse(text: string): Industry[] {
  const out: Industry[] = [];
  const sectionOfDivision = new Map<string, string>();
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const [code, name, range] = trimmed.split(' ');
    if (/^[A-T]$/.test(code)) {
      const [from, to] = range.split('-').map(Number);
      for (let d = from; d <= to; d++) sectionOfDivision.set(String(d).padStart(2, '0'), code);
      out.push({ code, name, level: 1, parentCode: null });
    } else if (code.length === 2) {
      out.push({ code, name, level: 2, parentCode: sectionOfDivision.get(code) ?? null });
    } else {
      out.push({
        code,
        name,
        level: code.length as IndustryLevel,
        parentCode: code.slice(0, code.length - 1),
      });
    }
  }
  return out;
}

export const INDUSTRIES: readonly Industry[] = parse(GBT4754_TEXT);

const byCode = new Map<string, Industry>();
const childrenOf = new Map<string, Industry[]>();
for (const i of INDUSTRIES) {
  byCode.set(i.code, i);
  const key = i.parentCode ?? '';
  const list = childrenOf.get(key);
  if (list) list.push(i);
  else childrenOf.set(key, [i]);
}

export function getIndustry(code: string | null | undefined): Industry | undefined {
  return code ? byCode.get(code) : undefined;
}

export function industryName(code: string | null | undefined): string {
  return getIndustry(code)?.name ?? '';
}

/** The 20 sections A-T. */
export function getSections(): readonly Industry[] {
  return childrenOf.get('') ?? [];
}

/** Direct children; no code gives the sections. */
export function getIndustryChildren(code?: string | null): readonly Industry[] {
  return childrenOf.get(code ?? '') ?? [];
}

/** Section → division → group → class chain ending at the code. */
export function industryPath(code: string | null | undefined): Industry[] {
  const path: Industry[] = [];
  let current = getIndustry(code);
  while (current) {
    path.unshift(current);
    current = getIndustry(current.parentCode);
  }
  return path;
}

/** The four level codes of a code at any level (missing deeper levels are null). */
export function industryLevels(code: string | null | undefined): {
  section: string | null;
  division: string | null;
  group: string | null;
  class: string | null;
} {
  const path = industryPath(code);
  const at = (level: IndustryLevel) => path.find((i) => i.level === level)?.code ?? null;
  return { section: at(1), division: at(2), group: at(3), class: at(4) };
}

/** Cascader options (value/label/children) from sections down to the requested depth. */
export function industryTree(depth: IndustryLevel = 4): IndustryTreeNode[] {
  const walk = (parent: string | null, level: number): IndustryTreeNode[] =>
    getIndustryChildren(parent).map((i) => {
      const kids = level < depth ? walk(i.code, level + 1) : [];
      return kids.length
        ? { value: i.code, label: i.name, children: kids }
        : { value: i.code, label: i.name };
    });
  return walk(null, 1);
}
