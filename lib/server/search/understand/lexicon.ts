/**
 * The parser's dictionaries, built once from the product's own data: regions (GB/T 2260, three
 * levels, full and short names), GB/T 4754 industries (names, names without 业, colloquial words),
 * the search filter options (tags, statuses, organisation types) and the flag words. Every surface
 * form maps to one or more entities; ambiguous region names (南山区 is in 深圳 and 鹤岗) keep all
 * their candidates and are resolved with the other places named in the same request.
 */
import { REGIONS, shortRegionName, type Region } from '@/lib/shared/geo';
import { INDUSTRIES, getIndustry } from '@/lib/shared/industry';
import { STATUS_OPTIONS, TAG_OPTIONS } from '@/lib/shared/search/filters';
import type { FlagField } from '@/lib/shared/search/advanced';

export type Entity =
  | { kind: 'region'; code: string; level: number; rank: number }
  | { kind: 'industry'; code: string }
  | { kind: 'tag'; value: string }
  | { kind: 'status'; values: string[] }
  | { kind: 'orgType'; value: string }
  | { kind: 'flag'; field: FlagField; negative?: boolean }
  | { kind: 'age'; bands: string[] }
  | { kind: 'capital'; min?: number; max?: number }
  | { kind: 'topic'; value: string };

/** Words that are not places although a district's short name reads so. */
const REGION_SHORT_STOP = new Set([
  '城区',
  '郊区',
  '矿区',
  '市中',
  '城中',
  '东区',
  '西区',
  '南区',
  '北区',
  '新区',
  '高新',
  '开发',
  '和平',
  '新华',
  '长安',
  '城关',
  '中心',
  '工业',
  '经济',
  '新城',
  '西安区',
  '白山',
  '永定',
  '华龙',
  '红旗',
  '友好',
  '东风',
  '前进',
  '向阳',
  '胜利',
  '光明',
  '和顺',
  '大方',
  '安定',
  '太平',
  '新兴',
  '金融',
  '科技',
  '海港',
  '海南区',
  '平安',
  '长城',
  '江南',
  '江北',
  '河东',
  '河西',
  '铁东',
  '铁西',
  '城东',
  '城西',
  '城南',
  '城北',
]);

// Municipalities, provincial capitals and the five sub-provincial cities win ambiguous names.
const BIG_CITIES = new Set(['440300', '210200', '370200', '330200', '350200']);
function regionRank(r: Region): number {
  const city = r.level === 3 ? (r.parentCode ?? '') : r.code;
  if (/^(11|12|31|50)/.test(r.code)) return 0;
  if (BIG_CITIES.has(city.slice(0, 4) + '00') || city.slice(2, 4) === '01') return 1;
  return 2;
}

/**
 * Colloquial words for industries (GB/T 4754 codes at any level). Checked against the industry
 * table when the lexicon is built, so a mistyped code fails the unit tests.
 */
export const INDUSTRY_WORDS: Record<string, string> = {
  软件: '65',
  软件公司: '65',
  软件企业: '65',
  软件开发商: '65',
  做软件: '65',
  写代码: '65',
  程序开发: '65',
  it: '65',
  saas: '65',
  software: '65',
  信息技术: '65',
  互联网: '64',
  互联网公司: '64',
  网络公司: '64',
  internet: '64',
  电商: '5292',
  电子商务: '5292',
  网店: '5292',
  ecommerce: '5292',
  'e-commerce': '5292',
  餐饮: '62',
  饭店: '62',
  餐厅: '62',
  餐馆: '62',
  饭馆: '62',
  火锅: '62',
  火锅店: '62',
  restaurant: '62',
  奶茶: '623',
  奶茶店: '623',
  咖啡馆: '6232',
  咖啡店: '6232',
  酒店: '61',
  宾馆: '61',
  旅馆: '61',
  民宿: '6130',
  hotel: '61',
  外贸: '51',
  贸易: '51',
  贸易公司: '51',
  进出口: '51',
  批发商: '51',
  零售商: '52',
  超市: '5212',
  便利店: '5213',
  地产: '70',
  房产: '70',
  房地产: '70',
  开发商: '70',
  建筑公司: 'E',
  施工: 'E',
  装修: '50',
  装修公司: '50',
  装饰: '50',
  物流: 'G',
  物流公司: 'G',
  logistics: 'G',
  运输: 'G',
  快递: '6020',
  银行: '66',
  bank: '66',
  证券: '67',
  培训: '83',
  培训机构: '83',
  教培: '83',
  学校: '83',
  education: '83',
  医院: '84',
  诊所: '84',
  医疗: '84',
  药企: '27',
  制药: '27',
  药厂: '27',
  医药: '27',
  汽车: '36',
  车企: '36',
  造车: '36',
  新能源汽车: '3612',
  新能源车: '3612',
  汽配: '367',
  汽车零部件: '367',
  电子厂: '39',
  电子产品: '39',
  服装: '18',
  服装厂: '18',
  衣服: '18',
  纺织: '17',
  家具: '21',
  家具厂: '21',
  食品: '14',
  食品厂: '14',
  白酒: '15',
  酒厂: '15',
  饮料: '15',
  化工: '26',
  化工厂: '26',
  塑料: '29',
  钢铁: '31',
  机械: '34',
  机械厂: '34',
  电力: '44',
  发电: '44',
  燃气: '45',
  种植: '01',
  养殖: '03',
  养猪: '0313',
  工厂: 'C',
  厂家: 'C',
  制造: 'C',
  制造企业: 'C',
  生产企业: 'C',
  科研: '73',
  研发: '73',
  环保: '77',
  影视: '87',
  健身: '89',
  健身房: '89',
  印刷: '23',
  租赁: '71',
};

/** Topic words kept whole (never split into an industry word and a rest). */
export const TOPIC_WORDS = [
  '跨境电商',
  '新能源',
  '人工智能',
  '光伏',
  '储能',
  '锂电池',
  '半导体',
  '芯片',
  '区块链',
  '机器人',
  '无人机',
  '大数据',
  '云计算',
  '物联网',
  '生物医药',
  '医疗器械',
  '游戏',
  '直播',
  '跨境',
  '新材料',
  '碳中和',
];

/** English words understood as topics (other Latin words are reported as not understood). */
export const ENGLISH_TOPICS: Record<string, string> = {
  tech: '科技',
  technology: '科技',
  ai: '人工智能',
  fintech: '金融科技',
  chip: '芯片',
  chips: '芯片',
  semiconductor: '半导体',
  robot: '机器人',
  robotics: '机器人',
  blockchain: '区块链',
  game: '游戏',
  games: '游戏',
  gaming: '游戏',
  biotech: '生物医药',
  pv: '光伏',
  solar: '光伏',
  iot: '物联网',
  cloud: '云计算',
  'big data': '大数据',
};

/** Pinyin city names. */
const PINYIN_REGIONS: Record<string, string> = {
  beijing: '110000',
  shanghai: '310000',
  tianjin: '120000',
  chongqing: '500000',
  shenzhen: '440300',
  guangzhou: '440100',
  hangzhou: '330100',
  nanjing: '320100',
  suzhou: '320500',
  wuhan: '420100',
  chengdu: '510100',
  xiamen: '350200',
};

const TAG_WORDS: Record<string, string> = {
  专精特新: '专精特新',
  专精特新企业: '专精特新',
  专精特新中小企业: '专精特新',
  小巨人: '小巨人',
  小巨人企业: '小巨人',
  专精特新小巨人: '小巨人',
  高新技术企业: '高新技术企业',
  高新技术: '高新技术企业',
  高新企业: '高新技术企业',
  国高新: '高新技术企业',
  国家高新: '高新技术企业',
  高企: '高新技术企业',
  高新: '高新技术企业',
  科技型中小企业: '科技型中小企业',
  科技型中小: '科技型中小企业',
  科小: '科技型中小企业',
  瞪羚: '瞪羚',
  瞪羚企业: '瞪羚',
  小微企业: '小微企业',
  小微: '小微企业',
  外资企业: '外资企业',
  外资: '外资企业',
  外企: '外资企业',
  国有企业: '国有企业',
  国企: '国有企业',
  央企: '国有企业',
  国有: '国有企业',
};

const STATUS_WORDS: Record<string, string[]> = {
  在营: ['存续', '在业'],
  正常经营: ['存续', '在业'],
  正常营业: ['存续', '在业'],
  营业中: ['存续', '在业'],
  经营中: ['存续', '在业'],
  已注销: ['注销'],
  被吊销: ['吊销'],
  已吊销: ['吊销'],
  吊销执照: ['吊销'],
};

const ORG_WORDS: Record<string, string> = {
  有限责任公司: 'llc',
  有限公司: 'llc',
  股份有限公司: 'jsc',
  股份公司: 'jsc',
  合伙企业: 'partnership',
  有限合伙: 'partnership',
  个人独资企业: 'sole',
  个人独资: 'sole',
  独资企业: 'sole',
  个体工商户: 'individual',
  个体户: 'individual',
  农民专业合作社: 'coop',
  合作社: 'coop',
  集体企业: 'state',
  全民所有制: 'state',
  集体所有制: 'state',
  中外合资: 'foreign',
  外商独资: 'foreign',
};

const FLAG_WORDS: Record<string, FlagField> = {
  电话: 'hasPhone',
  手机: 'hasPhone',
  手机号: 'hasPhone',
  手机号码: 'hasPhone',
  联系电话: 'hasPhone',
  座机: 'hasPhone',
  联系方式: 'hasPhone',
  邮箱: 'hasEmail',
  电子邮箱: 'hasEmail',
  邮件: 'hasEmail',
  email: 'hasEmail',
  'e-mail': 'hasEmail',
  官网: 'hasWebsite',
  网站: 'hasWebsite',
  官方网站: 'hasWebsite',
  网址: 'hasWebsite',
  上市: 'listed',
  上市公司: 'listed',
  上市企业: 'listed',
  已上市: 'listed',
  a股: 'listed',
  港股: 'listed',
  美股: 'listed',
  科创板: 'listed',
  创业板: 'listed',
  listed: 'listed',
};

const NEGATIVE_FLAG_WORDS: Record<string, FlagField> = {
  未上市: 'listed',
  没上市: 'listed',
  非上市: 'listed',
};

const AGE_WORDS: Record<string, string[]> = {
  新成立: ['lt1'],
  刚成立: ['lt1'],
  新注册: ['lt1'],
  新开: ['lt1'],
  今年成立: ['lt1'],
  初创: ['lt1', '1-3'],
  初创企业: ['lt1', '1-3'],
  老企业: ['gte10'],
  老公司: ['gte10'],
  老牌: ['gte10'],
  老字号: ['gte10'],
};

/** Typing slips of the pinyin input method (homophones) that a one-character check misses. */
const TYPO_WORDS: Record<string, string> = {
  深证: '深圳',
  深镇: '深圳',
  杭洲: '杭州',
  广洲: '广州',
  苏洲: '苏州',
  郑洲: '郑州',
  福洲: '福州',
  尝州: '常州',
  专精特心: '专精特新',
  专精特薪: '专精特新',
  砖精特新: '专精特新',
  高新技木: '高新技术',
  高薪技术: '高新技术',
  高薪企业: '高新企业',
  餐欤: '餐饮',
  软建: '软件',
};

export type Lexicon = {
  entries: Map<string, Entity[]>;
  /** Surface forms by length, longest first (for the scan inside a token). */
  maxLength: number;
  /** Keys with one character replaced by '?', for one-slip typo matching (length ≥ 4). */
  fuzzy: Map<string, string>;
  /** jieba user dictionary text (word freq tag per line). */
  userDict: string;
  /** Words of six or more characters, found in the raw text before segmentation. */
  longWords: string[];
};

function add(map: Map<string, Entity[]>, word: string, e: Entity) {
  const key = word.toLowerCase();
  const list = map.get(key);
  if (!list) map.set(key, [e]);
  else if (!list.some((x) => JSON.stringify(x) === JSON.stringify(e))) list.push(e);
}

let cached: Lexicon | null = null;

export function getLexicon(): Lexicon {
  if (cached) return cached;
  const entries = new Map<string, Entity[]>();

  for (const r of REGIONS) {
    if (r.name === '市辖区' || r.name === '县' || r.name === '省直辖县级行政区划') continue;
    // 北京市 is both the province-level and the synthetic city: keep the province.
    if (
      r.level === 2 &&
      r.parentCode &&
      REGIONS.some((p) => p.code === r.parentCode && p.name === r.name)
    )
      continue;
    const e: Entity = { kind: 'region', code: r.code, level: r.level, rank: regionRank(r) };
    add(entries, r.name, e);
    const short = shortRegionName(r.name);
    if (short && short !== r.name && short.length >= 2) {
      if (r.level < 3 || !REGION_SHORT_STOP.has(short)) add(entries, short, e);
    }
  }
  for (const [word, code] of Object.entries(PINYIN_REGIONS)) {
    const r = REGIONS.find((x) => x.code === code)!;
    add(entries, word, { kind: 'region', code, level: r.level, rank: regionRank(r) });
  }

  for (const i of INDUSTRIES) {
    add(entries, i.name, { kind: 'industry', code: i.code });
    if (i.name.endsWith('业') && i.name.length >= 3 && !i.name.includes('、'))
      add(entries, i.name.slice(0, -1), { kind: 'industry', code: i.code });
    // 煤炭开采和洗选业 → 煤炭开采 (the head before 和, when it says enough).
    const head = i.name.split('和')[0];
    if (head !== i.name && head.length >= 4 && !head.includes('、'))
      add(entries, head, { kind: 'industry', code: i.code });
  }
  for (const [word, code] of Object.entries(INDUSTRY_WORDS)) {
    if (!getIndustry(code)) throw new Error(`行业词「${word}」的代码 ${code} 不存在`);
    add(entries, word, { kind: 'industry', code });
  }
  // Industries named by several codes: a section and its only division (房地产业 K/70) mean the
  // division, a group and its only class (集成电路设计 652/6520) the group.
  const industryRank = (code: string) => (code.length === 2 ? 0 : code.length);
  for (const [word, list] of entries) {
    const inds = list.filter((e) => e.kind === 'industry');
    if (inds.length > 1) {
      const best = inds.reduce((a, b) => (industryRank(a.code) <= industryRank(b.code) ? a : b));
      entries.set(
        word,
        list.filter((e) => e.kind !== 'industry' || e === best),
      );
    }
  }

  // 上市 is the listed flag, not the tag of the same name.
  for (const t of TAG_OPTIONS)
    if (t.key !== '上市') add(entries, t.key, { kind: 'tag', value: t.key });
  for (const [word, tag] of Object.entries(TAG_WORDS))
    add(entries, word, { kind: 'tag', value: tag });
  for (const s of STATUS_OPTIONS) add(entries, s.key, { kind: 'status', values: [s.key] });
  for (const [word, values] of Object.entries(STATUS_WORDS))
    add(entries, word, { kind: 'status', values });
  for (const [word, value] of Object.entries(ORG_WORDS))
    add(entries, word, { kind: 'orgType', value });
  for (const [word, field] of Object.entries(FLAG_WORDS))
    add(entries, word, { kind: 'flag', field });
  for (const [word, field] of Object.entries(NEGATIVE_FLAG_WORDS))
    add(entries, word, { kind: 'flag', field, negative: true });
  for (const [word, bands] of Object.entries(AGE_WORDS)) add(entries, word, { kind: 'age', bands });
  for (const w of TOPIC_WORDS) add(entries, w, { kind: 'topic', value: w });
  for (const [w, topic] of Object.entries(ENGLISH_TOPICS))
    add(entries, w, { kind: 'topic', value: topic });
  // A topic word that is also an industry word stays an industry.
  for (const [word, list] of entries)
    if (list.some((e) => e.kind !== 'topic') && list.some((e) => e.kind === 'topic'))
      entries.set(
        word,
        list.filter((e) => e.kind !== 'topic'),
      );

  for (const [typo, right] of Object.entries(TYPO_WORDS)) {
    const list = entries.get(right);
    if (list) entries.set(typo, list);
  }

  const fuzzy = new Map<string, string>();
  const ambiguous = new Set<string>();
  let maxLength = 0;
  const lines: string[] = [];
  for (const word of entries.keys()) {
    maxLength = Math.max(maxLength, word.length);
    if (/^[\u4e00-\u9fa5]+$/.test(word)) lines.push(`${word} 200000 nz`);
    if (word.length >= 4 && /^[\u4e00-\u9fa5]+$/.test(word)) {
      for (let i = 0; i < word.length; i++) {
        const k = word.slice(0, i) + '?' + word.slice(i + 1);
        const prev = fuzzy.get(k);
        if (prev !== undefined && prev !== word) ambiguous.add(k);
        else fuzzy.set(k, word);
      }
    }
  }
  for (const k of ambiguous) fuzzy.delete(k);
  for (const w of ['不要', '排除', '除了', '除去', '去掉', '剔除', '没有', '不含', '不包括'])
    lines.push(`${w} 300000 d`);

  const longWords = [...entries.keys()]
    .filter((w) => w.length >= 6 && /^[\u4e00-\u9fa5、，]+$/.test(w))
    .sort((a, b) => b.length - a.length);
  cached = { entries, maxLength, fuzzy, userDict: lines.join('\n') + '\n', longWords };
  return cached;
}
