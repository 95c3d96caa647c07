/**
 * The built-in Chinese request parser: a sales user's sentence → the advanced-search condition.
 *
 * 1. Normalise (full-width folded, emoji dropped, lower case, at most MAX_CHARS characters).
 * 2. Text-field phrases (名称包含…, 法人是…, 经营范围包含…, 地址在…) are taken out first.
 * 3. Numbers: Chinese numerals to digits, then capital (range in 万), age and staff-size bands.
 * 4. The rest is segmented with jieba (default dictionary plus every word of the lexicon) and each
 *    token, or run of tokens, looked up in the lexicon; a one-character slip in a word of four or
 *    more characters is forgiven when only one word fits.
 * 5. Negation words (不要/排除/除了/去掉/剔除/不含/没有…) turn the entities after them, up to the end
 *    of the clause, into notIn / isNot; 非 negates the next entity only.
 * 6. Leftover nouns become the keyword (a topic such as 新能源); other leftovers become notes.
 *
 * The output is only ever the condition schema: instructions inside the text are words like any
 * other and can at most become a keyword.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';
import type {
  AdvancedCondition,
  AdvancedSearchCondition,
  FlagField,
  TextField,
} from '@/lib/shared/search/advanced';
import { MAX_CONDITIONS_PER_GROUP } from '@/lib/shared/search/advanced';
import { getRegion } from '@/lib/shared/geo';
import { getIndustry } from '@/lib/shared/industry';
import { ENGLISH_TOPICS, getLexicon, type Entity } from './lexicon';
import { extractNumbers, normalizeNumerals } from './numbers';

export const MAX_CHARS = 300;

let jieba: Jieba | null = null;
function segmenter(): Jieba {
  if (!jieba) {
    const j = Jieba.withDict(dict);
    j.loadDict(Buffer.from(getLexicon().userDict));
    jieba = j;
  }
  return jieba;
}

/** Loads the dictionaries now (the first request would otherwise pay about 200 ms). */
export function warmUp(): void {
  segmenter();
}

export type ParseResult = {
  condition: AdvancedSearchCondition;
  keyword?: string;
  recognized: boolean;
  notes: string[];
};

const NEGATORS = new Set([
  '不要',
  '排除',
  '除了',
  '除',
  '除去',
  '去掉',
  '剔除',
  '不含',
  '不包括',
  '不包含',
  '不是',
  '不在',
  '别',
  '不想要',
  '没有',
  '没',
  '无',
  '除开',
  'not',
  'no',
  'except',
  'exclude',
]);
const CLAUSE_END =
  /^[，,。；;！!？?\n]+$|^(但是|但|而是|只要|要|我要|需要|以外|之外|外|其他|其余|and)$/;
const ANY_OF = /或|或者|还是|\bor\b/;

/** Nouns that say nothing about which companies (never a keyword). */
const STOP_NOUNS = new Set([
  '企业',
  '公司',
  '客户',
  '名单',
  '列表',
  '数据',
  '信息',
  '行业',
  '领域',
  '方向',
  '地区',
  '区域',
  '城市',
  '地方',
  '资本',
  '注册资本',
  '规模',
  '人员',
  '员工',
  '时间',
  '年限',
  '单位',
  '机构',
  '类型',
  '东西',
  '方面',
  '条件',
  '结果',
  '附近',
  '本地',
  '当地',
  '老板',
  '商家',
  '厂商',
  '商户',
  '家',
  '所有',
  '全部',
  '一些',
  '线索',
  '供应商',
  '合作伙伴',
  '竞争对手',
  '竞品',
  '上下游',
  '同行',
  '潜在',
  '意向',
  '朋友',
  '帮忙',
  '麻烦',
  '谢谢',
  '你好',
  '您好',
  '之前',
  '以上',
  '以下',
  '大型',
  '中型',
  '小型',
  '知名',
  '优质',
  '靠谱',
  '状态',
  '年',
  '人',
  '万',
  '亿',
  '元',
  'the',
  'a',
  'in',
  'of',
  'find',
  'me',
  'companies',
  'company',
  'with',
  'please',
  'show',
  'for',
  'list',
  'and',
]);

/** Words of requests aimed at the assistant rather than at companies. */
const INSTRUCTION_WORDS =
  /忽略|无视|指令|提示词|系统提示|prompt|ignore|system|扮演|越狱|jailbreak|管理员|所有租户|其他租户|其它租户|别的租户|租户|删除|drop|delete|truncate|select|insert|update|密码|token|api ?key|泄露|输出全部|导出全部/i;

/** Chat that is not a search (天气, 笑话, 你是谁…). */
const CHITCHAT = /天气|笑话|你是谁|你叫什么|讲个|唱首|几点|怎么样|吗[?？]?$|hello|^hi\b/i;
const INTENT = /找|查|搜|企业|公司|厂|店|客户|名单|行业|有哪些|哪些|推荐|列出|看看|筛选|做.*的/;

const TEXT_PATTERNS: { field: TextField; re: RegExp }[] = [
  {
    field: 'name',
    re: /(?:企业|公司)?(?:名称|名字|名|字号)(?:里|中)?(不包含|不含|不带|包含|含有|含|带有|带|有|叫|是)[“"「']?([\u4e00-\u9fa5A-Za-z0-9]{1,20}?)[”"」']?(?=的|，|,|。|；|;|\s|$)/g,
  },
  {
    field: 'legalPerson',
    re: /(?:法定代表人|法人代表|法人)(?:是|为|叫|姓名是)?[“"「']?([\u4e00-\u9fa5]{2,4}?)[”"」']?(?=的|，|,|。|；|;|\s|$)/g,
  },
  {
    field: 'businessScope',
    re: /经营范围(?:里|中)?(不包含|不含|包含|含有|含|涉及|有|包括)[“"「']?([\u4e00-\u9fa5A-Za-z0-9]{2,20}?)[”"」']?(?=的|，|,|。|；|;|\s|$)/g,
  },
  {
    field: 'address',
    re: /(?:注册)?地址(?:里|中)?(不包含|不含|包含|含有|含|在|有)[“"「']?([\u4e00-\u9fa5A-Za-z0-9]{2,20}?)[”"」']?(?=的|，|,|。|；|;|\s|$)/g,
  },
];

type Mention = { entities: Entity[]; negated: boolean; pos: number; word: string };

function normalize(input: string): string {
  return input
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(/[\p{Extended_Pictographic}\p{So}\u{FE0F}\u{200D}]/gu, ' ')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, ' ')
    .toLowerCase();
}

const SUFFIX = /^(企业|公司|行业|类|厂|店|的|型|业|相关|方面|领域|板块)+$/;

/** A lexicon lookup of a token: exact, with a company-word suffix, or with one slipped character. */
function lookup(word: string): Entity[] | undefined {
  const lex = getLexicon();
  const exact = lex.entries.get(word);
  if (exact) return exact;
  for (let cut = word.length - 1; cut >= 2; cut--) {
    const head = lex.entries.get(word.slice(0, cut));
    if (head && SUFFIX.test(word.slice(cut))) return head;
  }
  return undefined;
}

function fuzzyLookup(word: string): string | undefined {
  if (word.length < 4 || !/^[\u4e00-\u9fa5]+$/.test(word)) return undefined;
  const lex = getLexicon();
  for (let i = 0; i < word.length; i++) {
    const hit = lex.fuzzy.get(word.slice(0, i) + '?' + word.slice(i + 1));
    if (hit) return hit;
  }
  return undefined;
}

/** 上海浦东 → [上海, 浦东]: forward longest match, every piece a lexicon word (or 的/企业…). */
function splitIntoWords(token: string): Entity[][] | null {
  const lex = getLexicon();
  const out: Entity[][] = [];
  let i = 0;
  while (i < token.length) {
    let found = false;
    for (let len = Math.min(lex.maxLength, token.length - i); len >= 2; len--) {
      const hit = lex.entries.get(token.slice(i, i + len));
      if (hit) {
        out.push(hit);
        i += len;
        found = true;
        break;
      }
    }
    if (!found) {
      const rest = token.slice(i);
      if (SUFFIX.test(rest)) break;
      return null;
    }
  }
  return out.length >= 2 ? out : null;
}

/** Picks the place a region name means: one inside another named place, else the biggest city. */
function resolveRegions(mentions: Mention[]): { code: string; negated: boolean }[] {
  const regionMentions = mentions.filter((m) => m.entities.some((e) => e.kind === 'region'));
  const allCodes = regionMentions.flatMap((m) =>
    m.entities.flatMap((e) => (e.kind === 'region' ? [e.code] : [])),
  );
  const isAncestor = (a: string, b: string) => {
    let r = getRegion(b);
    while (r?.parentCode) {
      if (r.parentCode === a) return true;
      r = getRegion(r.parentCode);
    }
    return false;
  };
  return regionMentions.map((m) => {
    const cands = m.entities.filter((e) => e.kind === 'region') as Extract<
      Entity,
      { kind: 'region' }
    >[];
    const own = new Set(cands.map((c) => c.code));
    const inContext = cands.filter((c) =>
      allCodes.some((o) => !own.has(o) && isAncestor(o, c.code)),
    );
    const pool = inContext.length ? inContext : cands;
    const best = [...pool].sort(
      (a, b) => a.level - b.level || a.rank - b.rank || a.code.localeCompare(b.code),
    )[0];
    return { code: best.code, negated: m.negated };
  });
}

function dropAncestors(codes: string[], parentOf: (code: string) => string | null): string[] {
  const set = new Set(codes);
  const out: string[] = [];
  for (const c of codes) {
    let covered = false;
    for (const other of set) {
      if (other === c) continue;
      let p = parentOf(other);
      while (p) {
        if (p === c) covered = true;
        p = parentOf(p);
      }
    }
    if (!covered && !out.includes(c)) out.push(c);
  }
  return out;
}

const regionParent = (c: string) => getRegion(c)?.parentCode ?? null;
const industryParent = (c: string) => getIndustry(c)?.parentCode ?? null;

export function parseRequest(input: string): ParseResult {
  const notes: string[] = [];
  const empty = (extra: string[]): ParseResult => ({
    condition: { logic: 'and', groups: [] },
    recognized: false,
    notes: [...notes, ...extra],
  });
  let text = normalize(input ?? '');
  if (!text.trim())
    return empty([
      input?.trim()
        ? '没有可以理解的文字，请用一句话描述要找的企业，例如：深圳南山区成立5年以上的专精特新企业'
        : '请输入要找的企业，例如：深圳南山区注册资本1000万以上的专精特新企业',
    ]);
  if (Array.from(text).length > MAX_CHARS) {
    text = Array.from(text).slice(0, MAX_CHARS).join('');
    notes.push(`请求较长，只理解了前 ${MAX_CHARS} 个字`);
  }
  text = normalizeNumerals(text);

  // Text-field phrases.
  const textConds: AdvancedCondition[] = [];
  for (const { field, re } of TEXT_PATTERNS) {
    for (const m of text.matchAll(re)) {
      const op = m.length > 2 ? m[1] : '';
      const value = m.length > 2 ? m[2] : m[1];
      if (!value || INSTRUCTION_WORDS.test(value)) continue;
      const negative =
        /^不/.test(op) || /(不要|排除|去掉)[^，,。]{0,4}$/.test(text.slice(0, m.index));
      textConds.push({ field, op: negative ? 'notContains' : 'contains', value });
      text = text.slice(0, m.index) + ' '.repeat(m[0].length) + text.slice(m.index + m[0].length);
    }
  }

  // Long dictionary words (full industry names with 、) before segmentation cuts them, allowing
  // one slipped character.
  const early: Mention[] = [];
  const lex = getLexicon();
  const takeLong = (start: number, length: number, word: string) => {
    const before =
      text
        .slice(0, start)
        .split(/[，,。；;！!？?]/)
        .pop() ?? '';
    const negated = /(不要|排除|除了|除去|去掉|剔除|不含|不包括|不是|没有|非)[^的]*$/.test(before);
    early.push({ entities: lex.entries.get(word)!, negated, pos: -1, word });
    text = text.slice(0, start) + ' '.repeat(length) + text.slice(start + length);
  };
  for (const word of lex.longWords) {
    let at = text.indexOf(word);
    while (at >= 0) {
      takeLong(at, word.length, word);
      at = text.indexOf(word);
    }
  }
  for (let len = 12; len >= 6; len--) {
    for (let i = 0; i + len <= text.length; i++) {
      const piece = text.slice(i, i + len);
      if (!/^[\u4e00-\u9fa5、]+$/.test(piece)) continue;
      const fixed = fuzzyLookup(piece);
      if (fixed && fixed.length === len) {
        notes.push(`已按「${fixed}」理解「${piece}」`);
        takeLong(i, len, fixed);
      }
    }
  }

  const nums = extractNumbers(text);
  notes.push(...nums.notes);
  text = nums.rest;

  const words = segmenter()
    .tag(text, false)
    .map((t) => ({ word: t.word, tag: t.tag }));
  const mentions: Mention[] = [...early];
  const leftovers: { word: string; tag: string; pos: number; clause: number }[] = [];
  let clause = 0;
  const instructionClauses = new Set<number>();
  let negScope: 'none' | 'clause' | 'one' = 'none';
  // Whether the current negation has negated something yet (then its 的 ends it).
  let negatedSome = false;
  let ignoredInstruction = false;
  let englishUnknown: string[] = [];

  for (let i = 0; i < words.length; i++) {
    const w = words[i].word.trim();
    if (!w) continue;
    if (CLAUSE_END.test(w)) {
      negScope = 'none';
      clause++;
      leftovers.push({ word: '|', tag: 'x', pos: i, clause });
      continue;
    }
    if (NEGATORS.has(w)) {
      negScope = 'clause';
      negatedSome = false;
      continue;
    }
    // 不要国企的制造企业: the negation ends with the 的 after what it negates.
    if (w === '的' && negScope !== 'none' && negatedSome) {
      negScope = 'none';
      continue;
    }
    // Longest run of tokens (up to 4) that is a lexicon word.
    let matched: { entities: Entity[]; end: number; word: string } | null = null;
    for (let j = Math.min(words.length, i + 4); j > i; j--) {
      const joined = words
        .slice(i, j)
        .map((x) => x.word)
        .join('')
        .trim();
      if (joined.length > lex.maxLength + 4) continue;
      // Runs of tokens must be a word exactly; a single token may carry a suffix (餐饮企业).
      const hit = j === i + 1 ? lookup(joined) : lex.entries.get(joined);
      if (hit) {
        matched = { entities: hit, end: j, word: joined };
        break;
      }
    }
    // 非上市 / 非深圳 / 不要国企: a negation glued to the word.
    if (!matched && /^(非|不|无|没|除)/.test(w) && w.length > 1) {
      const hit = lookup(w.replace(/^(非|不要|不是|不|无|没有|没|除了|除)/, ''));
      if (hit) {
        mentions.push({ entities: hit, negated: true, pos: i, word: w });
        continue;
      }
    }
    if (!matched && /^[\u4e00-\u9fa5]{4,}$/.test(w)) {
      const fixed = fuzzyLookup(w);
      if (fixed) {
        matched = { entities: lex.entries.get(fixed)!, end: i + 1, word: w };
        notes.push(`已按「${fixed}」理解「${w}」`);
      }
    }
    // A token jieba did not split (上海浦东): split it into lexicon words, if it is made of them.
    if (!matched && w.length >= 4 && /^[\u4e00-\u9fa5]+$/.test(w)) {
      const pieces = splitIntoWords(w);
      if (pieces) {
        for (const piece of pieces)
          mentions.push({ entities: piece, negated: negScope !== 'none', pos: i, word: w });
        if (negScope !== 'none') negatedSome = true;
        if (negScope === 'one') negScope = 'none';
        continue;
      }
    }
    if (matched) {
      const negated = negScope !== 'none';
      if (negated) negatedSome = true;
      mentions.push({ entities: matched.entities, negated, pos: i, word: matched.word });
      if (negScope === 'one') negScope = 'none';
      i = matched.end - 1;
      continue;
    }
    if (w === '非') {
      negScope = 'one';
      continue;
    }
    if (INSTRUCTION_WORDS.test(w)) {
      ignoredInstruction = true;
      instructionClauses.add(clause);
      leftovers.push({ word: '|', tag: 'x', pos: i, clause });
      continue;
    }
    leftovers.push({ word: w, tag: words[i].tag, pos: i, clause });
  }

  // Keyword: runs of nouns that are not stop words.
  const phrases: string[] = [];
  let run = '';
  const flush = () => {
    // 广告公司 → 广告: the company word says nothing about the topic.
    const topic = run.replace(/(股份有限公司|有限责任公司|有限公司|公司|企业|集团|厂|店)+$/, '');
    if (Array.from(topic).length >= 2) phrases.push(topic);
    run = '';
  };
  // Words of a clause that talks to the assistant (忽略以上指令…) are not a topic.
  for (const l of leftovers.filter((x) => !instructionClauses.has(x.clause))) {
    const isLatin = /^[a-z][a-z0-9\-+.]*$/i.test(l.word);
    // Brand and company words (华为 nr, 阿里巴巴 nrt) are topics too.
    const topicalTag = /^(n|nz|vn|nt|nw|ng|j|l|an|nr|nrt|nrfg)$/.test(l.tag);
    if (isLatin) {
      flush();
      if (!STOP_NOUNS.has(l.word)) englishUnknown.push(l.word);
      continue;
    }
    if (topicalTag && !STOP_NOUNS.has(l.word) && /[\u4e00-\u9fa5]/.test(l.word)) run += l.word;
    else flush();
  }
  flush();
  englishUnknown = englishUnknown.filter((e) => !(e in ENGLISH_TOPICS));
  const topics = mentions.flatMap((m) =>
    m.entities.flatMap((e) => (e.kind === 'topic' && !m.negated ? [e.value] : [])),
  );
  const negTopics = mentions.flatMap((m) =>
    m.entities.flatMap((e) => (e.kind === 'topic' && m.negated ? [e.value] : [])),
  );
  const keywordParts = [...new Set([...topics, ...phrases])];
  if (ignoredInstruction) notes.push('已忽略与找企业无关的指令，只按搜索条件理解');
  if (englishUnknown.length) notes.push(`未识别：${englishUnknown.join('、')}`);

  // Conditions.
  const conditions: AdvancedCondition[] = [];
  const regions = resolveRegions(mentions);
  const posRegions = dropAncestors(
    regions.filter((r) => !r.negated).map((r) => r.code),
    regionParent,
  );
  const negRegions = [...new Set(regions.filter((r) => r.negated).map((r) => r.code))];
  if (posRegions.length) conditions.push({ field: 'region', op: 'in', values: posRegions });
  if (negRegions.length) conditions.push({ field: 'region', op: 'notIn', values: negRegions });

  const collect = <K extends Entity['kind']>(kind: K, negated: boolean) =>
    mentions
      .filter((m) => m.negated === negated)
      .flatMap((m) => m.entities.filter((e) => e.kind === kind) as Extract<Entity, { kind: K }>[]);
  const uniq = (xs: string[]) => [...new Set(xs)];

  const posInd = dropAncestors(uniq(collect('industry', false).map((e) => e.code)), industryParent);
  const negInd = uniq(collect('industry', true).map((e) => e.code));
  if (posInd.length) conditions.push({ field: 'industry', op: 'in', values: posInd });
  if (negInd.length) conditions.push({ field: 'industry', op: 'notIn', values: negInd });

  const capitalWords = collect('capital', false);
  const capital = nums.capital ?? (capitalWords.length ? capitalWords[0] : undefined);
  if (capital && (capital.min !== undefined || capital.max !== undefined)) {
    const c: AdvancedCondition = { field: 'capitalRange', op: 'between' };
    if (capital.min !== undefined) c.min = capital.min;
    if (capital.max !== undefined) c.max = capital.max;
    if (c.min !== undefined && c.max !== undefined && c.min > c.max)
      [c.min, c.max] = [c.max, c.min];
    conditions.push(c);
  }

  const ageWords = collect('age', false);
  const ageBands = nums.ageBands ?? (ageWords.length ? ageWords[0].bands : undefined);
  if (ageBands?.length) conditions.push({ field: 'establishBand', op: 'in', values: ageBands });
  const negAge = collect('age', true);
  if (negAge.length && !nums.ageBands)
    conditions.push({ field: 'establishBand', op: 'notIn', values: negAge[0].bands });

  if (nums.staffBands?.length)
    conditions.push({ field: 'staffSize', op: 'in', values: nums.staffBands });

  const posStatus = uniq(collect('status', false).flatMap((e) => e.values));
  const negStatus = uniq(collect('status', true).flatMap((e) => e.values));
  if (posStatus.length) conditions.push({ field: 'status', op: 'in', values: posStatus });
  if (negStatus.length) conditions.push({ field: 'status', op: 'notIn', values: negStatus });

  const posOrg = uniq(collect('orgType', false).map((e) => e.value));
  const negOrg = uniq(collect('orgType', true).map((e) => e.value));
  if (posOrg.length) conditions.push({ field: 'orgType', op: 'in', values: posOrg });
  if (negOrg.length) conditions.push({ field: 'orgType', op: 'notIn', values: negOrg });

  const posTags = uniq(collect('tag', false).map((e) => e.value));
  const negTags = uniq(collect('tag', true).map((e) => e.value));
  if (posTags.length > 1 && ANY_OF.test(text))
    conditions.push({ field: 'tag', op: 'in', values: posTags });
  else for (const t of posTags) conditions.push({ field: 'tag', op: 'in', values: [t] });
  if (negTags.length) conditions.push({ field: 'tag', op: 'notIn', values: negTags });

  const flagOrder: FlagField[] = ['listed', 'hasPhone', 'hasEmail', 'hasWebsite'];
  const flags = new Map<FlagField, boolean>();
  for (const m of mentions)
    for (const e of m.entities)
      if (e.kind === 'flag') flags.set(e.field, !(m.negated !== Boolean(e.negative)));
  for (const f of flagOrder)
    if (flags.has(f)) conditions.push({ field: f, op: flags.get(f) ? 'is' : 'isNot' });

  conditions.push(...textConds);
  for (const t of negTopics) conditions.push({ field: 'name', op: 'notContains', value: t });

  if (conditions.length > MAX_CONDITIONS_PER_GROUP) {
    notes.push(`条件较多，只保留了前 ${MAX_CONDITIONS_PER_GROUP} 个`);
    conditions.length = MAX_CONDITIONS_PER_GROUP;
  }

  let keyword = keywordParts.join(' ').slice(0, 30) || undefined;
  let recognized = conditions.length > 0 || Boolean(keyword);
  if (!conditions.length && keyword && CHITCHAT.test(text) && !INTENT.test(text)) {
    notes.push(`未识别：${keyword}`);
    keyword = undefined;
    recognized = false;
  }
  if (!recognized)
    notes.push(
      '没有识别出找企业的条件，可以这样说：深圳南山区注册资本1000万以上、成立5年以上的专精特新企业',
    );

  return {
    condition: {
      logic: 'and',
      groups: conditions.length ? [{ logic: 'and', conditions }] : [],
    },
    ...(keyword ? { keyword } : {}),
    recognized,
    notes,
  };
}
