/**
 * Numbers in a request: Chinese numerals to digits (一千万 → 1000万, 五年 → 5年), then the capital,
 * age and staff expressions, each taken out of the text so the words around them are not read
 * again. Capital is always a range in 万 (the canonical form: capitalRange min/max, both inclusive);
 * age and staff size are the option bands that overlap the asked range.
 */
import { ESTABLISH_BANDS, STAFF_SIZE_OPTIONS } from '@/lib/shared/search/filters';

const DIGIT: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const SMALL_UNIT: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** 一千二百 → 1200, 十五 → 15, 两 → 2; NaN when the text is not a numeral. */
export function chineseInt(s: string): number {
  let total = 0;
  let section = 0;
  let digit = -1;
  for (const ch of s) {
    if (ch in DIGIT) digit = DIGIT[ch];
    else if (ch in SMALL_UNIT) {
      section += (digit < 0 ? 1 : digit) * SMALL_UNIT[ch];
      digit = -1;
    } else if (ch === '万' || ch === '亿') {
      section += Math.max(digit, 0);
      total += section * (ch === '万' ? 1e4 : 1e8);
      section = 0;
      digit = -1;
    } else return NaN;
  }
  return total + section + Math.max(digit, 0);
}

/**
 * Chinese numerals that are amounts, ages or head counts become digits: 一千万 → 1000万,
 * 一个亿 → 1亿, 两亿 → 2亿, 五年 → 5年, 一百人 → 100人. Place names (十堰) and 千万 (“by all
 * means”) stay: a numeral must start with a digit word and be followed by a unit.
 */
export function normalizeNumerals(text: string): string {
  return text
    .replace(/(\d|[一二两三四五六七八九十])个(亿|月)/g, '$1$2')
    .replace(/(\d),(?=\d{3})/g, '$1')
    .replace(
      /[一二两三四五六七八九十][零〇一二两三四五六七八九十百千]*(万|亿)?(?=(万|亿|年|人|名|元|块))/g,
      (m) => {
        const tail = m.match(/(万|亿)$/)?.[0] ?? '';
        const body = tail ? m.slice(0, -1) : m;
        const n = chineseInt(body);
        return Number.isNaN(n) ? m : `${n}${tail}`;
      },
    );
}

export type Range = { min?: number; max?: number };

const MONEY_UNIT: Record<string, number> = {
  千万: 1000,
  百万: 100,
  十万: 10,
  万: 1,
  万元: 1,
  w: 1,
  亿: 10000,
  亿元: 10000,
  千: 0.1,
};

const GT = '超过|大于|高于|多于|不低于|不少于|至少|最少|起码|达到|满|过|>=|>|≥|在';
const LT = '不超过|不高于|低于|小于|少于|不到|不足|不满|最多|未满|<=|<|≤|只有';
const CMP = `${LT}|${GT}`;
const AFTER_GT = '以上|及以上|或以上|之上|起|多|\\+|朝上';
const AFTER_LT = '以下|及以下|或以下|以内|之内|内';
const AFTER = `${AFTER_GT}|${AFTER_LT}|左右|上下`;

function direction(before: string, after: string): 'min' | 'max' | 'about' | 'bare' {
  if (after && new RegExp(`^(${AFTER_LT})$`).test(after)) return 'max';
  if (after && new RegExp(`^(${AFTER_GT})$`).test(after)) return 'min';
  if (after === '左右' || after === '上下') return 'about';
  if (before && new RegExp(`^(${LT})$`).test(before)) return 'max';
  if (before && before !== '在' && new RegExp(`^(${GT})$`).test(before)) return 'min';
  return 'bare';
}

const NEGATED_BEFORE = /(不要|排除|去掉|剔除|除了|别)[^，,。；;]{0,6}$/;

function toRange(value: number, dir: ReturnType<typeof direction>, negated: boolean): Range {
  if (dir === 'about') return { min: round(value * 0.8), max: round(value * 1.2) };
  // A bare amount (注册资本1000万) reads as “at least”.
  const isMax = dir === 'max';
  return isMax !== negated ? { max: value } : { min: value };
}

const round = (n: number) => Math.round(n * 100) / 100;

export type NumberFindings = {
  capital?: Range;
  ageBands?: string[];
  staffBands?: string[];
  notes: string[];
  /** The text with the understood expressions blanked out. */
  rest: string;
};

/** Bands overlapping [min, max) (max exclusive, like the bands themselves). */
function overlapping(
  bands: readonly { key: string; min: number | null; max: number | null }[],
  r: Range,
): string[] {
  const lo = r.min ?? 0;
  const hi = r.max ?? Infinity;
  return bands.filter((b) => (b.max === null || b.max > lo) && (b.min ?? 0) < hi).map((b) => b.key);
}

const STAFF_BANDS = STAFF_SIZE_OPTIONS.map((o) => {
  const m = o.key.match(/^(\d+)-(\d+)人$/);
  if (m) return { key: o.key, min: Number(m[1]), max: Number(m[2]) + 1 };
  const lt = o.key.match(/^小于(\d+)人$/);
  if (lt) return { key: o.key, min: 0, max: Number(lt[1]) };
  const gte = o.key.match(/^(\d+)人以上$/);
  return { key: o.key, min: Number(gte?.[1] ?? 0), max: null };
});

export function staffBandsFor(r: Range): string[] {
  return overlapping(STAFF_BANDS, r);
}

export function ageBandsFor(r: Range): string[] {
  return overlapping(ESTABLISH_BANDS, r);
}

const NUM = '(\\d+(?:\\.\\d+)?)';
const MONEY_U = '(千万|百万|十万|万元|万|亿元|亿|w)';
const CAPITAL_WORD = '(?:注册资本金?|注册资金|注资|资本金?|资金|实缴资本)';

export function extractNumbers(input: string): NumberFindings {
  let text = input;
  const notes: string[] = [];
  const blank = (start: number, length: number) => {
    text = text.slice(0, start) + ' '.repeat(length) + text.slice(start + length);
  };
  let capital: Range | undefined;
  let ageBands: string[] | undefined;
  let staffBands: string[] | undefined;
  const mergeCapital = (r: Range) => {
    capital = { ...capital, ...r };
  };

  // Capital: ranges first (500万到2000万, 500-2000万, 1亿到1.5亿).
  const capRange = new RegExp(
    `${CAPITAL_WORD}?(?:在|为|是)?${NUM}\\s*${MONEY_U}?\\s*(?:到|至|-|~|—|－|～)\\s*${NUM}\\s*${MONEY_U}(?:元|人民币)?(?:之间|以内|范围内)?`,
    'gi',
  );
  for (const m of input.matchAll(capRange)) {
    const unitB = MONEY_UNIT[m[4].toLowerCase()];
    const unitA = m[2] ? MONEY_UNIT[m[2].toLowerCase()] : unitB;
    mergeCapital({ min: round(Number(m[1]) * unitA), max: round(Number(m[3]) * unitB) });
    blank(m.index, m[0].length);
  }
  const capCmp = new RegExp(
    `(${CAPITAL_WORD})?(?:要|需要)?(${CMP})?\\s*${NUM}\\s*${MONEY_U}?(?:元|人民币|块)?(${AFTER})?`,
    'gi',
  );
  for (const m of text.matchAll(capCmp)) {
    const [whole, word, before, num, unit, after] = m;
    if (!unit && !word) continue;
    // Followed by 人 or 年: not money.
    const next = text.slice(m.index + whole.length, m.index + whole.length + 1);
    if (!unit && /[人年名个家]/.test(next)) continue;
    const value = round(Number(num) * (unit ? MONEY_UNIT[unit.toLowerCase()] : 1));
    const negated = NEGATED_BEFORE.test(text.slice(Math.max(0, m.index - 8), m.index));
    mergeCapital(toRange(value, direction(before ?? '', after ?? ''), negated));
    blank(m.index, whole.length);
  }
  for (const m of text.matchAll(/(上|过|破)亿|亿元级|千万级|千万以上|百万级|百万以上/g)) {
    const v = m[0].includes('亿') ? 10000 : m[0].startsWith('千万') ? 1000 : 100;
    mergeCapital({ min: v });
    blank(m.index, m[0].length);
  }

  // Age: 成立3到10年, 成立5年以上, 成立不到3年, 近3年成立, 10年以上的老企业.
  const AGE_WORD = '(?:成立(?:时间|年限)?|注册|经营|创立|存续|年限)';
  const ageRange = new RegExp(
    `${AGE_WORD}?(?:了|在)?${NUM}\\s*(?:年)?\\s*(?:到|至|-|~|—|～)\\s*${NUM}\\s*年(?:之间|以内)?`,
    'g',
  );
  for (const m of text.matchAll(ageRange)) {
    if (Number(m[1]) > 100 || Number(m[2]) > 100) continue;
    ageBands = ageBandsFor({ min: Number(m[1]), max: Number(m[2]) });
    blank(m.index, m[0].length);
  }
  const ageCmp = new RegExp(
    `(近|最近)?(${AGE_WORD})?(?:了|的时间)?(${CMP})?\\s*${NUM}\\s*(?:个)?(多)?年(?:多|半)?(${AFTER})?(?:内)?(成立|注册)?`,
    'g',
  );
  for (const m of text.matchAll(ageCmp)) {
    const [whole, recent, word, before, num, many, after, tailWord] = m;
    const n = Number(num);
    if (n > 100 || !Number.isInteger(n)) continue;
    if (!word && !before && !after && !recent && !tailWord && !many) {
      // 5年 alone: an age only when a company word follows (5年的老企业).
      const next = text.slice(m.index + whole.length, m.index + whole.length + 4);
      if (!/^(的)?(老)?(企业|公司|老店)/.test(next)) continue;
    }
    const negated = NEGATED_BEFORE.test(text.slice(Math.max(0, m.index - 8), m.index));
    let dir = direction(before ?? '', after ?? '');
    if (recent) dir = 'max';
    if (many) dir = 'min';
    const r = toRange(n, dir, negated);
    ageBands = ageBandsFor(r);
    const exact = ESTABLISH_BANDS.some((b) => b.min === n || b.max === n);
    if (!exact) notes.push(`成立年限按档位近似：${n}年`);
    blank(m.index, whole.length);
  }

  // Founding year: 2015年以前成立 (at least 2026-2015 years), 2020年以后成立, 2020年成立.
  const thisYear = new Date().getFullYear();
  const yearRe = /(?:在)?((?:19|20)\d{2})年(以前|之前|前|以后|之后|后|以来)?(?:成立|注册|创立)/g;
  for (const m of text.matchAll(yearRe)) {
    const y = Number(m[1]);
    if (y > thisYear) continue;
    const age = thisYear - y;
    const r: Range = /前/.test(m[2] ?? '')
      ? { min: age }
      : m[2]
        ? { max: age + 1 }
        : { min: Math.max(0, age - 1), max: age + 1 };
    ageBands = ageBandsFor(r);
    notes.push(`成立年份按年限换算：${y}年${m[2] ?? ''}成立`);
    blank(m.index, m[0].length);
  }

  // Staff: 100人以上, 员工超过200人, 人数在50到200之间, 规模500人以下.
  const STAFF_WORD = '(?:员工|职工|雇员|人员|人数|员工数|人员规模|团队|规模)';
  const staffRange = new RegExp(
    `${STAFF_WORD}?(?:数)?(?:在)?${NUM}\\s*(?:人)?\\s*(?:到|至|-|~|—|～)\\s*${NUM}\\s*(人|名)?(?:之间|以内)?`,
    'g',
  );
  for (const m of text.matchAll(staffRange)) {
    if (!m[3] && !/员工|职工|雇员|人员|人数|团队|规模/.test(m[0])) continue;
    staffBands = staffBandsFor({ min: Number(m[1]), max: Number(m[2]) });
    blank(m.index, m[0].length);
  }
  const staffCmp = new RegExp(
    `(${STAFF_WORD})?(?:数|数量)?(?:规模)?(${CMP})?\\s*${NUM}\\s*(人|名|个人)?(${AFTER})?`,
    'g',
  );
  for (const m of text.matchAll(staffCmp)) {
    const [whole, word, before, num, unit, after] = m;
    if (!unit && !word) continue;
    const next = text.slice(m.index + whole.length, m.index + whole.length + 1);
    if (!unit && /[年万亿元]/.test(next)) continue;
    const negated = NEGATED_BEFORE.test(text.slice(Math.max(0, m.index - 8), m.index));
    const n = Number(num);
    staffBands = staffBandsFor(toRange(n, direction(before ?? '', after ?? ''), negated));
    blank(m.index, whole.length);
  }

  return { capital, ageBands, staffBands, notes, rest: text };
}
