/**
 * Deterministic generator of the demo enterprise corpus. Enterprise i depends only on the seed,
 * i and the enterprises before it (unique names, the pool of possible corporate shareholders), so
 * the first N rows are the same whatever the total count. Everything it makes is fictional.
 */
import { industryLevels } from '../../lib/shared/industry/industries';
import { chainNodesForClass } from '../../lib/shared/industry/chains';
import { generateUncid, regNoCheckDigit, UNCID_ALPHABET } from '../../lib/shared/enterprise/uncid';
import {
  getChildren,
  getProvinces,
  shortRegionName,
  type Region,
} from '../../lib/shared/geo/regions';
import { AS_OF_DAY, dayString, FIRST_DAY, yearOf } from './dates';
import { GENERIC_SCOPE, INDUSTRY_PROFILES, type IndustryProfile } from './industry-profiles';
import { mixSeed, Rng, WeightedTable } from './prng';
import {
  AREA_CODES,
  BRAND_CHARS,
  BUILDING_WORDS,
  CHANGE_ITEMS,
  CONTACT_SOURCES,
  FINANCING_ROUNDS,
  FREE_MAIL,
  GIVEN_CHARS,
  HONOR_POOL,
  INVESTOR_WORDS,
  MOBILE_PREFIXES,
  POSITIONS,
  ROADS,
  STAFF_BANDS,
  STAFF_RANGES,
  STATUSES,
  SURNAMES,
} from './vocab';

export type ContactRow = {
  type: 'phone' | 'mobile' | 'email';
  value: string;
  personName: string | null;
  position: string | null;
  source: string;
};
export type ShareholderRow = {
  holderType: 'person' | 'company';
  holderName: string;
  holderEnterpriseId: number | null;
  ratio: number;
  subscribedAmount: number | null;
  subscribedDate: string | null;
};
export type PersonRow = { name: string; roles: string[] };
export type ChangeRow = {
  changeDate: string;
  item: string;
  before: string | null;
  after: string | null;
};
export type BranchRow = {
  name: string;
  principal: string;
  regionCode: string;
  establishDate: string;
  status: string;
};
/** An edge of the investment graph: enterpriseId invested in investeeEnterpriseId. */
export type InvestmentRow = {
  enterpriseId: number;
  investeeEnterpriseId: number;
  investeeName: string;
  ratio: number;
  amount: number | null;
  investDate: string;
};
export type FinancingRow = {
  round: string;
  financingDate: string;
  amount: string;
  investors: string[];
};
export type HonorRow = { name: string; level: string; year: number; issuer: string };
export type ChainRow = { chainCode: string; chainName: string; nodeName: string };
export type AnnualReportRow = { year: number; data: Record<string, unknown>; publishedAt: string };
export type ListingInfo = {
  exchange: string;
  board: string;
  stockCode: string;
  stockName: string;
  listingDate: string;
};

export type GeneratedEnterprise = {
  id: number;
  index: number;
  name: string;
  formerNames: string[];
  brandWords: string[];
  uncid: string;
  regNo: string | null;
  orgType: string;
  status: string;
  legalPerson: string;
  regCapital: number | null;
  regCapitalCurrency: string;
  paidCapital: number | null;
  establishDate: string;
  approvalDate: string;
  termStart: string;
  termEnd: string | null;
  regAuthority: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string | null;
  address: string;
  lng: number;
  lat: number;
  industrySection: string;
  industryDivision: string;
  industryGroup: string;
  industryClass: string;
  businessScope: string;
  staffSize: string;
  insuredCount: number;
  website: string | null;
  tags: string[];
  listed: boolean;
  listingInfo: ListingInfo | null;
  phoneCount: number;
  emailCount: number;
  weight: number;
  contacts: ContactRow[];
  shareholders: ShareholderRow[];
  people: PersonRow[];
  changes: ChangeRow[];
  branches: BranchRow[];
  /** Investment edges created by this enterprise's corporate shareholders. */
  investments: InvestmentRow[];
  financing: FinancingRow[];
  honors: HonorRow[];
  chains: ChainRow[];
  annualReports: AnnualReportRow[];
};

type OrgKind =
  | 'llc'
  | 'llcSole'
  | 'llcCorp'
  | 'llcOther'
  | 'jsc'
  | 'listed'
  | 'foreign'
  | 'individual'
  | 'sole'
  | 'partnership'
  | 'coop'
  | 'soe';

const COMPANY_KINDS = new Set<OrgKind>([
  'llc',
  'llcSole',
  'llcCorp',
  'llcOther',
  'jsc',
  'listed',
  'foreign',
  'soe',
]);

const KIND_WEIGHTS: [OrgKind, number][] = [
  ['llc', 44],
  ['llcSole', 15],
  ['llcCorp', 4.5],
  ['llcOther', 3.5],
  ['jsc', 2.4],
  ['listed', 0.1],
  ['foreign', 2],
  ['individual', 18],
  ['sole', 3.5],
  ['partnership', 2.5],
  ['coop', 1.5],
  ['soe', 0.6],
];

const PROVINCE_WEIGHTS: Record<string, number> = {
  '44': 14,
  '32': 10,
  '37': 8,
  '33': 8,
  '11': 5,
  '31': 5,
  '41': 5,
  '51': 5,
  '35': 4.5,
  '42': 4,
  '13': 4,
  '43': 3.5,
  '34': 3.5,
  '61': 2.5,
  '50': 2.5,
  '36': 2.5,
  '45': 2.2,
  '21': 2.2,
  '53': 2,
  '12': 1.5,
  '14': 1.5,
  '52': 1.5,
  '23': 1.2,
  '22': 1,
  '15': 1,
  '65': 1,
  '62': 0.8,
  '46': 1,
  '64': 0.3,
  '63': 0.25,
  '54': 0.15,
};

const CITY_BOOST: Record<string, number> = {
  '4403': 6,
  '4401': 5,
  '3205': 3.5,
  '4419': 3,
  '3302': 2.5,
  '3502': 2.5,
  '3702': 2.5,
  '4406': 2.5,
  '2102': 2,
  '3202': 2,
  '3303': 2,
  '3505': 2,
  '3307': 2,
  '3206': 1.8,
  '3204': 1.8,
  '3306': 1.6,
  '3304': 1.6,
  '4413': 1.6,
  '4420': 1.6,
  '4404': 1.5,
  '3706': 1.5,
  '3707': 1.5,
  '3713': 1.6,
  '4103': 1.5,
};

/** The places a company can be registered in: mainland provinces, cities, districts. */
type Place = {
  province: Region;
  city: Region;
  district: Region | null;
  cityWord: string;
  provinceWord: string;
  areaCode: string;
};

type PlaceTables = {
  provinces: WeightedTable<Region>;
  cities: Map<string, WeightedTable<Region>>;
  districts: Map<string, WeightedTable<Region> | null>;
};

let placeTables: PlaceTables | null = null;

function getPlaceTables(): PlaceTables {
  if (placeTables) return placeTables;
  const provinces = getProvinces().filter(
    (p) => PROVINCE_WEIGHTS[p.code.slice(0, 2)] !== undefined,
  );
  const cities = new Map<string, WeightedTable<Region>>();
  const districts = new Map<string, WeightedTable<Region> | null>();
  for (const p of provinces) {
    const list = getChildren(p.code);
    cities.set(
      p.code,
      new WeightedTable(
        list.map((c, i) => {
          const boost =
            CITY_BOOST[c.code.slice(0, 4)] ??
            (i === 0 ? 4 : c.name === '省直辖县级行政区划' ? 0.6 : 1);
          return [c, boost] as const;
        }),
      ),
    );
    for (const c of list) {
      const ds = getChildren(c.code);
      districts.set(
        c.code,
        ds.length
          ? new WeightedTable(
              ds.map(
                (d) =>
                  [d, d.name.endsWith('区') ? 2.5 : d.name.endsWith('市') ? 1.2 : 0.8] as const,
              ),
            )
          : null,
      );
    }
  }
  placeTables = {
    provinces: new WeightedTable(
      provinces.map((p) => [p, PROVINCE_WEIGHTS[p.code.slice(0, 2)]] as const),
    ),
    cities,
    districts,
  };
  return placeTables;
}

// Short names and area codes are looked up once per region, not once per company.
const shortNames = new Map<string, string>();
const areaCodes = new Map<string, string>();

function shortNameOf(region: Region): string {
  let short = shortNames.get(region.code);
  if (short === undefined) {
    short = shortRegionName(region.name);
    shortNames.set(region.code, short);
  }
  return short;
}

function areaCodeOf(province: Region, city: Region): string {
  let code = areaCodes.get(city.code);
  if (code === undefined) {
    const capitalCity = getChildren(province.code)[0];
    code =
      AREA_CODES[city.code.slice(0, 4)] ??
      AREA_CODES[capitalCity.code.slice(0, 4)] ??
      `0${province.code.slice(0, 2)}1`;
    areaCodes.set(city.code, code);
  }
  return code;
}

function pickPlace(rng: Rng): Place {
  const t = getPlaceTables();
  const province = t.provinces.pick(rng);
  const city = t.cities.get(province.code)!.pick(rng);
  const district = t.districts.get(city.code)?.pick(rng) ?? null;
  const cityWord =
    city.name === '省直辖县级行政区划' && district ? shortNameOf(district) : shortNameOf(city);
  return {
    province,
    city,
    district,
    cityWord,
    provinceWord: shortNameOf(province),
    areaCode: areaCodeOf(province, city),
  };
}

/** Industry levels and chain nodes per class, computed once. */
const classInfo = new Map<
  string,
  { levels: ReturnType<typeof industryLevels>; chains: ReturnType<typeof chainNodesForClass> }
>();

function classInfoOf(classCode: string) {
  let info = classInfo.get(classCode);
  if (!info) {
    info = { levels: industryLevels(classCode), chains: chainNodesForClass(classCode) };
    classInfo.set(classCode, info);
  }
  return info;
}

type NameContext = {
  kind: OrgKind;
  profile: IndustryProfile;
  place: Place;
  districtName: string;
  industryWord: string;
  suffix: string;
};

function composeName(rng: Rng, word: string, ctx: NameContext): string {
  const { kind, profile, place, districtName, industryWord, suffix } = ctx;
  const cityWord = place.cityWord;
  switch (kind) {
    case 'individual': {
      const shop = rng.pick(profile.shops);
      return rng.chance(0.5)
        ? `${districtName || place.city.name}${word}${shop}`
        : `${cityWord}${word}${shop}`;
    }
    case 'sole':
      return `${cityWord}${word}${industryWord}${rng.pick(SOLE_SUFFIXES)}`;
    case 'partnership': {
      const kindWord = rng.pick(PARTNERSHIP_WORDS);
      const form = rng.chance(0.9) ? '有限合伙' : '普通合伙';
      return kindWord === '企业管理中心'
        ? `${cityWord}${word}${kindWord}（${form}）`
        : `${cityWord}${word}${kindWord}合伙企业（${form}）`;
    }
    case 'coop':
      return `${place.district ? shortNameOf(place.district) : cityWord}${word}${COOP_WORDS[profile.classCode] ?? '农业'}专业合作社`;
    case 'soe':
      return rng.chance(0.5)
        ? `${place.city.name}${word}${industryWord}厂`
        : `${cityWord}市${word}${industryWord}公司`;
    case 'foreign':
      return `${word}${industryWord}（${cityWord}）有限公司`;
    default: {
      const r = rng.next();
      const national = kind === 'jsc' || kind === 'listed' ? 0.3 : 0.05;
      if (r < national) return `${word}${industryWord}${suffix}`;
      if (r < national + 0.12) return `${word}${industryWord}（${cityWord}）${suffix}`;
      if (r < national + 0.24) return `${place.provinceWord}${word}${industryWord}${suffix}`;
      return `${cityWord}${word}${industryWord}${suffix}`;
    }
  }
}

function honourYear(rng: Rng, establishYear: number, minYears: number): number {
  return Math.min(
    2026,
    establishYear + minYears + rng.int(Math.max(1, 2026 - establishYear - minYears + 1)),
  );
}

function amountBand(v: number): string {
  return v < 100
    ? '0-100万'
    : v < 500
      ? '100万-500万'
      : v < 1000
        ? '500万-1000万'
        : v < 5000
          ? '1000万-5000万'
          : v < 10000
            ? '5000万-1亿'
            : '1亿以上';
}

type Holder = { type: 'person' | 'company'; name: string; id: number | null };

function addPeople(rng: Rng, holders: Holder[], n: number): void {
  for (let k = 0; k < n; k++) holders.push({ type: 'person', name: personName(rng), id: null });
}

const PROFILE_TABLES = (() => {
  const all = INDUSTRY_PROFILES;
  const table = (
    filter: (p: IndustryProfile) => boolean,
    boost: (p: IndustryProfile) => number = () => 1,
  ) => new WeightedTable(all.filter(filter).map((p) => [p, p.weight * boost(p)] as const));
  return {
    company: table(() => true),
    listed: table(
      (p) => p.tech || p.manufacturing || p.weight >= 1,
      (p) => (p.tech ? 4 : p.manufacturing ? 3 : 1),
    ),
    individual: table((p) => p.shops.length > 0),
    coop: table((p) => p.agriculture),
    partnership: table((p) => p.investment || p.classCode === '7243' || p.classCode === '7249'),
  };
})();

const COOP_WORDS: Record<string, string> = {
  '0141': '蔬菜种植',
  '0143': '花卉种植',
  '0151': '水果种植',
  '0164': '茶叶种植',
  '0313': '生猪养殖',
  '0321': '家禽养殖',
};
const HOLDER_WORDS = ['投资', '实业', '控股', '科技'];
const SOLE_SUFFIXES = ['商行', '经营部', '工作室', '服务部', '贸易商行'];
const PARTNERSHIP_WORDS = [
  '股权投资',
  '创业投资',
  '投资管理',
  '企业管理咨询',
  '企业管理中心',
  '投资',
];
const EMAIL_LOCALS = [
  'info',
  'service',
  'hr',
  'sales',
  'admin',
  'contact',
  'kefu',
  'market',
  'business',
];
const DOMAIN_TAILS = ['.com', '.com', '.com', '.cn', '.com.cn', '.net'];
const DOMAIN_WORDS = ['', '', '', 'tech', 'group', 'cn', 'soft', 'info', 'china', 'hk'];

const TAG_SCORES: Record<string, number> = {
  上市: 8,
  小巨人: 5,
  专精特新: 3,
  高新技术企业: 2.5,
  瞪羚: 2,
  科技型中小企业: 1,
};

const statusTable = new WeightedTable(STATUSES);
const kindTable = new WeightedTable(KIND_WEIGHTS);
const changeTable = new WeightedTable(CHANGE_ITEMS);
const sourceTable = new WeightedTable(CONTACT_SOURCES);
// Common surnames are far more common: weight falls with rank.
const surnameTable = new WeightedTable(SURNAMES.map((s, i) => [s, 1 / (i + 8)] as const));

const round4 = (n: number) => Math.round(n * 10000) / 10000;
const round2 = (n: number) => Math.round(n * 100) / 100;

function personName(rng: Rng): string {
  const surname = surnameTable.pick(rng);
  const first = rng.pick(GIVEN_CHARS);
  return rng.chance(0.72) ? surname + first + rng.pick(GIVEN_CHARS) : surname + first;
}

/** A 字号 of 2 (mostly), 3 or 4 characters without repeats; pinyin for domains. */
function brand(rng: Rng): { word: string; pinyin: string } {
  const length = rng.chance(0.9) ? 2 : rng.chance(0.8) ? 3 : 4;
  let word = '';
  let pinyin = '';
  while (word.length < length) {
    const [ch, py] = rng.pick(BRAND_CHARS);
    if (word.includes(ch)) continue;
    word += ch;
    pinyin += py;
  }
  return { word, pinyin };
}

/**
 * The investment institutions of the demo corpus (ADR 0193): a fixed pool, the same for every seed
 * and scale, so an institution's portfolio spans many companies and co-investors recur.
 */
export const INVESTOR_POOL_SIZE = 240;
const INVESTOR_POOL: readonly string[] = (() => {
  const names = new Set<string>();
  for (let k = 0; names.size < INVESTOR_POOL_SIZE; k++) {
    const rng = new Rng(mixSeed(0x1a7e57, k));
    names.add(`${brand(rng).word}${rng.pick(INVESTOR_WORDS)}`);
  }
  return [...names];
})();

/** A drawn name's institution: a hash of the name, skewed so that a few institutions lead. */
export function investorFor(drawn: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < drawn.length; i++) h = Math.imul(h ^ drawn.charCodeAt(i), 0x01000193);
  const u = (h >>> 0) / 2 ** 32;
  return INVESTOR_POOL[Math.min(INVESTOR_POOL_SIZE - 1, Math.floor(INVESTOR_POOL_SIZE * u ** 2))];
}

/** Nice round capital figures most of the time, as registries show. */
function roundCapital(rng: Rng, value: number): number {
  if (rng.chance(0.15)) return round4(Math.max(value, 0.1));
  const steps = [1, 5, 10, 50, 100, 500, 1000, 5000, 10000];
  const step = steps.filter((s) => s * 4 <= value).pop() ?? 1;
  return Math.max(step, Math.round(value / step) * step);
}

function logNormal(rng: Rng, median: number, sigma: number): number {
  return median * Math.exp(rng.normal() * sigma);
}

/** Bijective scramble of the index inside [0, modulus): distinct index, distinct code. */
function scramble(index: number, seed: number, modulus: number, multiplier: number): number {
  // multiplier must be coprime to modulus (checked in tests) for the map to be a bijection.
  const offset = seed % modulus;
  // Multiply in two halves so the product stays exact in a double.
  const hi = Math.floor(index / 65536);
  const lo = index % 65536;
  const product = (((((hi * multiplier) % modulus) * 65536) % modulus) + lo * multiplier) % modulus;
  return (product + offset) % modulus;
}

/** Large multipliers coprime to 31^6, 10^8 and 10^7: consecutive indexes give unrelated codes. */
export const ORG_MULTIPLIER_MA = 548509373;
export const ORG_MULTIPLIER_DIGITS = 61803399;
export const REG_NO_MULTIPLIER = 6180339;

function orgCodeBody(index: number, seed: number, modern: boolean): string {
  if (modern) {
    // MA-series codes (since 2015): MA + 6 characters of the GB 32100 alphabet.
    let x = scramble(index, seed, 887503681, ORG_MULTIPLIER_MA);
    let tail = '';
    for (let i = 0; i < 6; i++) {
      tail = UNCID_ALPHABET[x % 31] + tail;
      x = Math.floor(x / 31);
    }
    return `MA${tail}`;
  }
  return String(scramble(index, seed, 100000000, ORG_MULTIPLIER_DIGITS)).padStart(8, '0');
}

function formatAmount(wan: number, currency: string): string {
  const unit = currency === '人民币' ? '万人民币' : currency === '美元' ? '万美元' : '万港元';
  return `${round4(wan)}${unit}`;
}

type PoolEntry = { id: number; name: string };

export type GeneratorOptions = {
  seed: number;
  /** Generation index of the first enterprise (number already generated before). */
  startIndex?: number;
  /** Database id = idOffset + index + 1. */
  idOffset?: number;
  /** Names already taken (top-ups); the generator adds to it. */
  takenNames?: Set<string>;
  /** Existing enterprises that may hold shares in new ones (top-ups), in id order. */
  holderPool?: PoolEntry[];
  /** Listed companies per board so far (top-ups), so stock codes stay unique. */
  listedCounts?: Record<string, number>;
};

/** Organisation types whose companies never join the shareholder pool (see isPoolMember). */
export const NON_POOL_ORG_TYPES = [
  '个体工商户',
  '个人独资企业',
  '有限合伙企业',
  '普通合伙企业',
  '农民专业合作社',
  '有限责任公司（台港澳法人独资）',
  '有限责任公司（外国法人独资）',
];

export class EnterpriseGenerator {
  readonly seed: number;
  private index: number;
  private readonly idOffset: number;
  private readonly names: Set<string>;
  private readonly pool: PoolEntry[];
  private readonly listedSeq = new Map<string, number>();

  constructor(options: GeneratorOptions) {
    this.seed = options.seed >>> 0;
    this.index = options.startIndex ?? 0;
    this.idOffset = options.idOffset ?? 0;
    this.names = options.takenNames ?? new Set();
    this.pool = options.holderPool ? [...options.holderPool] : [];
    for (const [board, n] of Object.entries(options.listedCounts ?? {}))
      this.listedSeq.set(board, n);
  }

  next(): GeneratedEnterprise {
    const index = this.index++;
    return this.generate(index, new Rng(mixSeed(this.seed, index)));
  }

  private uniqueName(
    rng: Rng,
    ctx: NameContext,
  ): { name: string; brand: { word: string; pinyin: string } } {
    for (let attempt = 0; ; attempt++) {
      const b = brand(rng);
      const name = composeName(rng, b.word, ctx);
      if (!this.names.has(name) || attempt > 40) {
        this.names.add(name);
        return { name, brand: b };
      }
    }
  }

  /** A corporate shareholder: an earlier pool member (early ones favoured) or a made-up holder. */
  private pickCompany(rng: Rng): { name: string; id: number | null } {
    if (this.pool.length === 0)
      return { name: `${brand(rng).word}${rng.pick(HOLDER_WORDS)}有限公司`, id: null };
    // Squared uniform favours early pool members: a few hubs with many investees.
    const entry = this.pool[Math.floor(this.pool.length * rng.next() * rng.next())];
    return { name: entry.name, id: entry.id };
  }

  private addCompanies(rng: Rng, holders: Holder[], n: number): void {
    for (let k = 0; k < n; k++) {
      const c = this.pickCompany(rng);
      if (!holders.some((h) => h.name === c.name))
        holders.push({ type: 'company', name: c.name, id: c.id });
    }
  }

  private generate(index: number, rng: Rng): GeneratedEnterprise {
    const id = this.idOffset + index + 1;
    const kind = kindTable.pick(rng);
    const isCompany = COMPANY_KINDS.has(kind);
    const profile =
      kind === 'individual'
        ? PROFILE_TABLES.individual.pick(rng)
        : kind === 'coop'
          ? PROFILE_TABLES.coop.pick(rng)
          : kind === 'partnership'
            ? PROFILE_TABLES.partnership.pick(rng)
            : kind === 'listed'
              ? PROFILE_TABLES.listed.pick(rng)
              : PROFILE_TABLES.company.pick(rng);
    const place = pickPlace(rng);
    const districtName = place.district?.name ?? '';
    const industryWord = rng.pick(profile.words);

    // Dates: registrations grew fast, so ages are roughly exponential (median about 5.5 years).
    const maxAge = AS_OF_DAY - FIRST_DAY;
    let age = Math.floor(-Math.log(1 - rng.next() * 0.985) * 2900);
    if (kind === 'listed') age = rng.range(8 * 365, 30 * 365);
    if (kind === 'soe') age = rng.range(15 * 365, maxAge);
    age = Math.min(age, maxAge);
    const establishDay = AS_OF_DAY - age;
    const establishYear = yearOf(establishDay);

    // Status: old companies are more often closed.
    let status = statusTable.pick(rng);
    if (kind === 'listed') status = '存续';
    if (age < 365 && (status === '注销' || status === '吊销')) status = '存续';
    if (status === '存续' && establishYear < 2000 && rng.chance(0.25)) status = '在业';
    const active = status === '存续' || status === '在业';

    // Name.
    const suffix =
      kind === 'jsc' || kind === 'listed'
        ? '股份有限公司'
        : profile.classCode === '7211'
          ? rng.chance(0.5)
            ? '集团有限公司'
            : '有限公司'
          : rng.chance(0.86)
            ? '有限公司'
            : '有限责任公司';
    const cityWord = place.cityWord;
    const { name, brand: nameBrand } = this.uniqueName(rng, {
      kind,
      profile,
      place,
      districtName,
      industryWord,
      suffix,
    });

    // Organisation type text.
    const orgType = {
      llc: '有限责任公司（自然人投资或控股）',
      llcSole: '有限责任公司（自然人独资）',
      llcCorp: '有限责任公司（非自然人投资或控股的法人独资）',
      llcOther: '其他有限责任公司',
      jsc: '股份有限公司（非上市、自然人投资或控股）',
      listed: rng.chance(0.7)
        ? '股份有限公司（上市、自然人投资或控股）'
        : '其他股份有限公司（上市）',
      foreign: rng.chance(0.6) ? '有限责任公司（台港澳法人独资）' : '有限责任公司（外国法人独资）',
      individual: '个体工商户',
      sole: '个人独资企业',
      partnership: name.includes('普通合伙') ? '普通合伙企业' : '有限合伙企业',
      coop: '农民专业合作社',
      soe: name.endsWith('厂') ? '全民所有制' : '集体所有制',
    }[kind];

    // Capital in 万 of the currency.
    let currency = '人民币';
    let capital: number | null;
    switch (kind) {
      case 'individual':
        capital = rng.chance(0.6) ? null : roundCapital(rng, logNormal(rng, 5, 1));
        break;
      case 'sole':
        capital = roundCapital(rng, logNormal(rng, 10, 1));
        break;
      case 'coop':
        capital = roundCapital(rng, logNormal(rng, 100, 0.9));
        break;
      case 'partnership':
        capital = roundCapital(rng, logNormal(rng, 1000, 1.3));
        break;
      case 'jsc':
        capital = roundCapital(rng, logNormal(rng, 5000, 1.1));
        break;
      case 'listed':
        capital = roundCapital(rng, logNormal(rng, 50000, 0.9));
        break;
      case 'foreign':
        currency = rng.chance(0.75) ? '美元' : '港元';
        capital = roundCapital(rng, logNormal(rng, 200, 1.2));
        break;
      case 'soe':
        capital = roundCapital(rng, logNormal(rng, 500, 1.2));
        break;
      default:
        capital = roundCapital(rng, logNormal(rng, 100, 1.35));
    }
    if (capital !== null) capital = Math.min(capital, 5000000);
    const capitalRmb =
      (capital ?? 0) * (currency === '美元' ? 7.1 : currency === '港元' ? 0.91 : 1);
    const paidCapital =
      capital !== null && isCompany && rng.chance(0.35)
        ? roundCapital(rng, capital * (0.2 + rng.next() * 0.8))
        : null;

    // Size.
    let staffRank = Math.floor(Math.log(Math.max(capitalRmb, 1) / 60) / 2 + rng.normal() * 0.5);
    if (!isCompany) staffRank = kind === 'partnership' ? 0 : Math.min(staffRank, 1);
    if (kind === 'listed') staffRank = Math.max(staffRank, 3);
    staffRank = Math.min(Math.max(staffRank, 0), 6);
    const [lo, hi] = STAFF_RANGES[staffRank];
    const staff =
      staffRank === 0
        ? Math.max(1, Math.floor(Math.exp(rng.next() * Math.log(49))))
        : rng.range(lo, hi);
    const insuredCount = active
      ? kind === 'individual'
        ? rng.int(3)
        : Math.floor(staff * (0.5 + rng.next() * 0.5))
      : 0;

    const legalPerson = personName(rng);
    const { levels: industry, chains: classChains } = classInfoOf(profile.classCode);

    // Registration.
    const municipality = ['11', '12', '31', '50'].includes(place.province.code.slice(0, 2));
    const directCounty = place.city.name === '省直辖县级行政区划';
    const cityLevelAuthority = !place.district || (!directCounty && rng.chance(0.3));
    let authorityRegion: Region;
    let regAuthority: string;
    if (cityLevelAuthority) {
      authorityRegion = municipality ? place.province : place.city;
      regAuthority = `${municipality ? place.province.name : place.city.name}市场监督管理局`;
    } else {
      authorityRegion = place.district!;
      regAuthority = directCounty
        ? `${place.district!.name}市场监督管理局`
        : `${municipality ? place.province.name : place.city.name}${place.district!.name}市场监督管理局`;
    }
    const modern = establishYear >= 2015;
    const uncid = generateUncid({
      authority: '9',
      kind: kind === 'individual' ? '2' : kind === 'coop' ? '3' : '1',
      regionCode: authorityRegion.code,
      orgCode: orgCodeBody(index, this.seed, modern),
    });
    let regNo: string | null = null;
    if (!modern || rng.chance(0.6)) {
      const typeDigit = kind === 'individual' ? '6' : kind === 'foreign' ? '4' : String(rng.int(4));
      const body = `${authorityRegion.code}${typeDigit}${String(scramble(index, this.seed, 10000000, REG_NO_MULTIPLIER)).padStart(7, '0')}`;
      regNo = body + regNoCheckDigit(body);
    }
    const termYears =
      kind === 'individual' ? null : rng.chance(0.5) ? null : rng.pick([10, 20, 20, 30, 30, 50]);
    const termEnd =
      termYears === null ? null : dayString(establishDay + Math.round(termYears * 365.25) - 1);

    // Address and position.
    const road = rng.pick(ROADS);
    let address = `${place.province.name}${place.city.name === place.province.name || place.city.name === '省直辖县级行政区划' ? '' : place.city.name}${districtName}${road}${rng.range(1, 999)}号`;
    if (rng.chance(0.55))
      address += `${brand(rng).word}${rng.pick(BUILDING_WORDS)}${rng.range(1, 30)}层${rng.range(1, 30)}${String(rng.range(1, 20)).padStart(2, '0')}室`;
    else if (rng.chance(0.5))
      address += `${rng.range(1, 12)}号楼${rng.range(1, 6)}0${rng.range(1, 9)}`;
    const centre = place.district ?? place.city;
    const spread = place.district?.name.endsWith('区') ? 0.02 : 0.05;
    const lng = round4(centre.lng + rng.normal() * spread);
    const lat = round4(centre.lat + rng.normal() * spread * 0.8);

    // Business scope.
    const scopeItems = profile.scope.filter(() => rng.chance(0.75));
    if (scopeItems.length < 2) scopeItems.push(...profile.scope.slice(0, 2 - scopeItems.length));
    const genericCount = rng.range(0, 2);
    for (let g = 0; g < genericCount; g++) {
      const item = rng.pick(GENERIC_SCOPE);
      if (!scopeItems.includes(item)) scopeItems.push(item);
    }
    const businessScope =
      establishYear >= 2021
        ? `一般项目：${scopeItems.join('；')}。（除依法须经批准的项目外，凭营业执照依法自主开展经营活动）`
        : `${scopeItems.join('；')}。（依法须经批准的项目，经相关部门批准后方可开展经营活动）`;

    // Tags.
    const tags: string[] = [];
    const years = age / 365;
    if (isCompany && active && years >= 1) {
      const hiTechP = profile.tech ? 0.14 : profile.manufacturing ? 0.07 : 0.006;
      const bigEnough = capitalRmb >= 100 || staffRank >= 1;
      const hiTech = bigEnough && rng.chance(kind === 'listed' ? 0.7 : hiTechP);
      if (hiTech) tags.push('高新技术企业');
      if ((profile.tech || profile.manufacturing) && staffRank <= 3 && rng.chance(0.1))
        tags.push('科技型中小企业');
      if ((hiTech || profile.manufacturing) && years >= 3 && rng.chance(hiTech ? 0.12 : 0.02)) {
        tags.push('专精特新');
        if (rng.chance(0.1)) tags.push('小巨人');
      }
      if (hiTech && years >= 2 && years <= 12 && rng.chance(0.06)) tags.push('瞪羚');
      if (kind === 'listed') tags.push('上市');
      if (staffRank <= 1 && capitalRmb < 1000 && rng.chance(0.6)) tags.push('小微企业');
      if (kind === 'foreign') tags.push('外资企业');
      if (kind === 'soe' || (kind === 'llcCorp' && rng.chance(0.15))) tags.push('国有企业');
    }

    // Listing.
    let listingInfo: ListingInfo | null = null;
    if (kind === 'listed') {
      const board = rng.pick([
        '上交所主板',
        '上交所主板',
        '深交所主板',
        '创业板',
        '科创板',
        '北交所',
        '港交所主板',
      ]);
      const bases: Record<string, [number, number, string]> = {
        上交所主板: [600000, 600000, '上海证券交易所'],
        深交所主板: [1, 2000, '深圳证券交易所'],
        创业板: [300000, 300000, '深圳证券交易所'],
        科创板: [688000, 688000, '上海证券交易所'],
        北交所: [830000, 830000, '北京证券交易所'],
        港交所主板: [100, 100, '香港联合交易所'],
      };
      const [base, , exchange] = bases[board];
      const seq = (this.listedSeq.get(board) ?? 0) + 1;
      this.listedSeq.set(board, seq);
      const stockCode =
        board === '港交所主板'
          ? `${String(base + seq * 7).padStart(5, '0')}.HK`
          : String(base + seq * 3 + (this.seed % 3)).padStart(6, '0');
      const listingDay = establishDay + rng.range(3 * 365, Math.max(3 * 365 + 1, age - 180));
      listingInfo = {
        exchange,
        board,
        stockCode,
        stockName: `${nameBrand.word}${industryWord.slice(0, 4 - nameBrand.word.length)}`,
        listingDate: dayString(Math.min(listingDay, AS_OF_DAY - 30)),
      };
    }

    // Domain and website.
    const domain = `${nameBrand.pinyin}${rng.pick(DOMAIN_WORDS)}${rng.pick(DOMAIN_TAILS)}`;
    const website = isCompany && rng.chance(staffRank >= 2 ? 0.6 : 0.2) ? `www.${domain}` : null;

    // Contacts.
    const contacts: ContactRow[] = [];
    let contactCount = active
      ? rng.chance(0.06)
        ? 0
        : 2 + Math.min(4, Math.floor(-Math.log(1 - rng.next()) * 1.5))
      : rng.chance(0.5)
        ? 0
        : 1;
    if (kind === 'individual') contactCount = Math.min(contactCount, 2);
    for (let c = 0; c < contactCount; c++) {
      const r = rng.next();
      const source = sourceTable.pick(rng);
      if (r < 0.4) {
        const local =
          place.areaCode.length === 3
            ? `${rng.range(2, 8)}${rng.digits(7)}`
            : `${rng.range(2, 8)}${rng.digits(rng.chance(0.7) ? 6 : 7)}`;
        contacts.push({
          type: 'phone',
          value: `${place.areaCode}-${local}`,
          personName: null,
          position: null,
          source,
        });
      } else if (r < 0.85) {
        const isLegal = c === 0 || rng.chance(0.3);
        contacts.push({
          type: 'mobile',
          value: `${rng.pick(MOBILE_PREFIXES)}${rng.digits(8)}`,
          personName: isLegal ? legalPerson : personName(rng),
          position: isLegal ? (isCompany ? '法定代表人' : '经营者') : rng.pick(POSITIONS),
          source,
        });
      } else {
        const value = website
          ? `${rng.pick(EMAIL_LOCALS)}@${domain}`
          : rng.chance(0.5)
            ? `${rng.range(1, 9)}${rng.digits(rng.range(6, 9))}@qq.com`
            : `${nameBrand.pinyin}${rng.digits(rng.range(2, 4))}@${rng.pick(FREE_MAIL)}`;
        contacts.push({ type: 'email', value, personName: null, position: null, source });
      }
    }
    const phoneCount = contacts.filter((c) => c.type !== 'email').length;
    const emailCount = contacts.length - phoneCount;

    // Shareholders and the investment edges they create.
    const shareholders: ShareholderRow[] = [];
    const investments: InvestmentRow[] = [];
    const holders: Holder[] = [];
    switch (kind) {
      case 'individual':
        break;
      case 'sole':
      case 'llcSole':
        holders.push({ type: 'person', name: legalPerson, id: null });
        break;
      case 'llcCorp':
      case 'soe':
        if (kind === 'soe')
          holders.push({
            type: 'company',
            name: `${place.city.name}人民政府国有资产监督管理委员会`,
            id: null,
          });
        else this.addCompanies(rng, holders, 1);
        break;
      case 'foreign':
        holders.push({
          type: 'company',
          name: rng.chance(0.5)
            ? `${nameBrand.word}（香港）有限公司`
            : `${nameBrand.pinyin.toUpperCase()} HOLDINGS LIMITED`,
          id: null,
        });
        break;
      case 'llcOther':
        this.addCompanies(rng, holders, rng.range(1, 3));
        addPeople(rng, holders, rng.range(0, 2));
        break;
      case 'jsc':
      case 'listed':
        holders.push({ type: 'person', name: legalPerson, id: null });
        this.addCompanies(rng, holders, rng.range(1, 3));
        addPeople(rng, holders, rng.range(2, kind === 'listed' ? 7 : 5));
        break;
      case 'partnership':
        this.addCompanies(rng, holders, 1);
        addPeople(rng, holders, rng.range(1, 5));
        break;
      case 'coop':
        holders.push({ type: 'person', name: legalPerson, id: null });
        addPeople(rng, holders, rng.range(4, 9));
        break;
      default:
        holders.push({ type: 'person', name: legalPerson, id: null });
        addPeople(rng, holders, rng.range(0, 3));
        if (rng.chance(0.12)) this.addCompanies(rng, holders, 1);
    }
    if (holders.length) {
      const weights = holders.map((_, k) => (k === 0 ? 1.5 : 0.3) + rng.next());
      const total = weights.reduce((a, b) => a + b, 0);
      let assigned = 0;
      holders.forEach((h, k) => {
        const ratio =
          k === holders.length - 1 ? round4(100 - assigned) : round4((weights[k] / total) * 100);
        assigned = round4(assigned + ratio);
        const amount = capital === null ? null : round4((capital * ratio) / 100);
        const subscribedDay = rng.chance(0.5)
          ? establishDay
          : establishDay + rng.range(365, (establishYear >= 2024 ? 5 : 20) * 365);
        const subscribedDate = dayString(subscribedDay);
        shareholders.push({
          holderType: h.type,
          holderName: h.name,
          holderEnterpriseId: h.id,
          ratio,
          subscribedAmount: amount,
          subscribedDate,
        });
        if (h.id !== null) {
          investments.push({
            enterpriseId: h.id,
            investeeEnterpriseId: id,
            investeeName: name,
            ratio,
            amount,
            investDate: dayString(establishDay + rng.int(365)),
          });
        }
      });
    }

    // Key people.
    const people: PersonRow[] = [];
    if (kind === 'individual') people.push({ name: legalPerson, roles: ['经营者'] });
    else if (kind === 'sole') people.push({ name: legalPerson, roles: ['投资人'] });
    else if (kind === 'partnership')
      people.push({ name: legalPerson, roles: ['执行事务合伙人委派代表'] });
    else if (kind === 'coop') {
      people.push({ name: legalPerson, roles: ['理事长'] });
      people.push({ name: personName(rng), roles: ['监事'] });
    } else if (kind === 'jsc' || kind === 'listed') {
      people.push({ name: legalPerson, roles: ['董事长', rng.chance(0.5) ? '总经理' : '董事'] });
      const directors = rng.range(2, kind === 'listed' ? 6 : 4);
      for (let k = 0; k < directors; k++)
        people.push({ name: personName(rng), roles: [k === 0 ? '董事兼总经理' : '董事'] });
      people.push({ name: personName(rng), roles: ['监事会主席'] });
      people.push({ name: personName(rng), roles: ['监事'] });
      if (kind === 'listed') people.push({ name: personName(rng), roles: ['董事会秘书'] });
      people.push({ name: personName(rng), roles: ['财务负责人'] });
    } else {
      people.push({
        name: legalPerson,
        roles: rng.chance(0.6)
          ? ['执行董事', '总经理']
          : staffRank >= 2
            ? ['董事长']
            : ['执行董事'],
      });
      if (staffRank >= 2 || rng.chance(0.3))
        people.push({ name: personName(rng), roles: ['总经理'] });
      people.push({ name: personName(rng), roles: ['监事'] });
      if (rng.chance(0.4)) people.push({ name: personName(rng), roles: ['财务负责人'] });
    }

    // Former names and change records.
    const formerNames: string[] = [];
    const changes: ChangeRow[] = [];
    if (isCompany && years > 2 && rng.chance(0.08)) {
      const former = `${cityWord}${brand(rng).word}${rng.pick(profile.words)}${rng.chance(0.7) ? '有限公司' : '有限责任公司'}`;
      if (former !== name) formerNames.push(former);
    }
    const changeCount =
      years > 1 && rng.chance(isCompany ? 0.45 : 0.15)
        ? rng.range(1, Math.min(6, 1 + Math.floor(years / 3)))
        : 0;
    const changeDays: number[] = [];
    for (let k = 0; k < changeCount + formerNames.length; k++)
      changeDays.push(establishDay + 30 + rng.int(Math.max(1, age - 30)));
    changeDays.sort((a, b) => a - b);
    let dayCursor = 0;
    for (const former of formerNames) {
      changes.push({
        changeDate: dayString(changeDays[dayCursor++]),
        item: '名称变更',
        before: former,
        after: name,
      });
    }
    for (let k = 0; k < changeCount; k++) {
      const item = changeTable.pick(rng);
      let before: string | null = null;
      let after: string | null = null;
      switch (item) {
        case '经营范围变更': {
          const base = profile.scope.slice(0, 2);
          before = `${base.join('；')}。`;
          after = `${[...base, rng.pick(profile.scope), rng.pick(GENERIC_SCOPE)].join('；')}。`;
          break;
        }
        case '地址变更':
          before = `${place.city.name}${districtName}${rng.pick(ROADS)}${rng.range(1, 999)}号`;
          after = address;
          break;
        case '注册资本变更':
          before =
            capital === null
              ? null
              : formatAmount(roundCapital(rng, capital * (0.1 + rng.next() * 0.7)), currency);
          after = capital === null ? null : formatAmount(capital, currency);
          break;
        case '法定代表人变更':
          before = personName(rng);
          after = legalPerson;
          break;
        case '投资人变更':
          before = [personName(rng), personName(rng)].join('、');
          after =
            shareholders
              .map((s) => s.holderName)
              .slice(0, 4)
              .join('、') || legalPerson;
          break;
        case '高级管理人员备案':
          before = `${personName(rng)}（监事）`;
          after = people
            .map((p) => `${p.name}（${p.roles.join('、')}）`)
            .slice(0, 3)
            .join('；');
          break;
        case '章程备案':
          before = null;
          after = '章程修正案已备案';
          break;
        case '联络员变更':
          before = personName(rng);
          after = personName(rng);
          break;
        case '营业期限变更':
          before = `${dayString(establishDay)}至${dayString(establishDay + 20 * 365)}`;
          after = `${dayString(establishDay)}至${termEnd ?? '无固定期限'}`;
          break;
      }
      changes.push({ changeDate: dayString(changeDays[dayCursor++]), item, before, after });
    }
    changes.sort((a, b) =>
      a.changeDate < b.changeDate ? -1 : a.changeDate > b.changeDate ? 1 : 0,
    );
    const approvalDate = changes.length
      ? changes[changes.length - 1].changeDate
      : dayString(establishDay + rng.int(30));

    // Branches.
    const branches: BranchRow[] = [];
    if (isCompany && rng.chance(staffRank >= 2 ? 0.25 : 0.01)) {
      const n = rng.range(1, staffRank >= 4 ? 6 : 3);
      const seen = new Set<string>();
      for (let k = 0; k < n; k++) {
        const other = rng.chance(0.4) ? place : pickPlace(rng);
        const where = other === place ? (other.district?.name ?? other.cityWord) : other.cityWord;
        const branchName = `${name}${where}分公司`;
        if (seen.has(branchName)) continue;
        seen.add(branchName);
        branches.push({
          name: branchName,
          principal: personName(rng),
          regionCode: (other.district ?? other.city).code,
          establishDate: dayString(establishDay + rng.int(Math.max(1, age))),
          status: rng.chance(0.85) ? '存续' : '注销',
        });
      }
    }

    // Financing rounds.
    const financing: FinancingRow[] = [];
    const fundable =
      (kind === 'llc' || kind === 'jsc' || kind === 'llcOther') && profile.tech && years < 15;
    if (kind === 'listed' || (fundable && rng.chance(0.08)) || (isCompany && rng.chance(0.003))) {
      const startRound = rng.int(3);
      const rounds = kind === 'listed' ? rng.range(2, 5) : rng.range(1, 4);
      let day = establishDay + rng.range(90, 720);
      for (let k = 0; k < rounds && day < AS_OF_DAY; k++) {
        const round = FINANCING_ROUNDS[Math.min(startRound + k, FINANCING_ROUNDS.length - 1)];
        const scale = startRound + k;
        const amount =
          scale <= 1
            ? rng.pick([
                '数百万人民币',
                '数百万人民币',
                `${rng.range(2, 9) * 100}万人民币`,
                '近千万人民币',
              ])
            : scale <= 4
              ? rng.pick([
                  '数千万人民币',
                  `${rng.range(1, 9) * 1000}万人民币`,
                  '近亿人民币',
                  '数百万美元',
                ])
              : rng.pick([
                  '数亿人民币',
                  `${round2(1 + rng.next() * 9)}亿人民币`,
                  '数千万美元',
                  '未披露',
                ]);
        const investorCount = rng.range(1, 4);
        const investors: string[] = [];
        for (let v = 0; v < investorCount; v++) {
          // The same draws as always (the rest of the company stays as it was), mapped onto the
          // institution pool so that institutions recur across companies (ADR 0193).
          const institution = investorFor(`${brand(rng).word}${rng.pick(INVESTOR_WORDS)}`);
          if (!investors.includes(institution)) investors.push(institution);
        }
        financing.push({ round, financingDate: dayString(day), amount, investors });
        day += rng.range(240, 900);
      }
      if (listingInfo)
        financing.push({
          round: 'IPO',
          financingDate: listingInfo.listingDate,
          amount: `${round2(3 + rng.next() * 20)}亿人民币`,
          investors: [],
        });
    }

    // Honours: one per title tag, plus the odd other honour.
    const honors: HonorRow[] = [];
    const provinceName = place.province.name;
    if (tags.includes('高新技术企业'))
      honors.push({
        name: '高新技术企业',
        level: '国家级',
        year: honourYear(rng, establishYear, 1),
        issuer: `${provinceName}科学技术厅`,
      });
    if (tags.includes('科技型中小企业'))
      honors.push({
        name: '科技型中小企业',
        level: '省级',
        year: honourYear(rng, establishYear, 1),
        issuer: `${provinceName}科学技术厅`,
      });
    if (tags.includes('专精特新'))
      honors.push({
        name: '专精特新中小企业',
        level: '省级',
        year: honourYear(rng, establishYear, 3),
        issuer: `${provinceName}工业和信息化厅`,
      });
    if (tags.includes('小巨人'))
      honors.push({
        name: '专精特新“小巨人”企业',
        level: '国家级',
        year: honourYear(rng, establishYear, 4),
        issuer: '工业和信息化部',
      });
    if (tags.includes('瞪羚'))
      honors.push({
        name: '瞪羚企业',
        level: '市级',
        year: honourYear(rng, establishYear, 2),
        issuer: `${place.city.name}科学技术局`,
      });
    if (isCompany && active && capitalRmb >= 500 && rng.chance(0.04)) {
      const [honorName, level, issuer] = rng.pick(HONOR_POOL);
      honors.push({
        name: honorName,
        level,
        year: honourYear(rng, establishYear, 2),
        issuer: issuer.replace('省', provinceName).replace('市', place.city.name),
      });
    }

    // Industry chains.
    const chains: ChainRow[] = [];
    if (isCompany || kind === 'coop') {
      for (const { chain, node } of classChains) {
        if (rng.chance(0.7))
          chains.push({ chainCode: chain.code, chainName: chain.name, nodeName: node.name });
      }
    }

    // Annual reports for recent years.
    const annualReports: AnnualReportRow[] = [];
    if (active && kind !== 'individual' && rng.chance(0.4)) {
      for (let year = Math.max(establishYear, 2023); year <= 2025; year++) {
        const yearStaff = Math.max(1, Math.round(staff * (0.85 + rng.next() * 0.3)));
        const disclose = rng.chance(0.3);
        const revenue = capitalRmb * (0.5 + rng.next() * 3);
        annualReports.push({
          year,
          data: {
            staff: yearStaff,
            insured: Math.min(yearStaff, Math.round(yearStaff * (0.5 + rng.next() * 0.5))),
            assets: disclose ? amountBand(capitalRmb * (1 + rng.next() * 2)) : '企业选择不公示',
            revenue: disclose ? amountBand(revenue) : '企业选择不公示',
            profit: disclose ? amountBand(revenue * rng.next() * 0.2) : '企业选择不公示',
            tax: disclose ? amountBand(revenue * 0.03) : '企业选择不公示',
            phone: contacts.find((c) => c.type !== 'email')?.value ?? null,
            email: contacts.find((c) => c.type === 'email')?.value ?? null,
            address,
            website,
            operatingStatus: '开业',
            hasInvestment: rng.chance(0.1),
            hasGuarantee: false,
          },
          publishedAt: dayString(Math.min(AS_OF_DAY, dayOfYearStart(year + 1) + rng.range(0, 170))),
        });
      }
    }

    // Ranking weight: size, capital, titles, activity.
    const tagScore = tags.reduce((sum, t) => sum + (TAG_SCORES[t] ?? 0), 0);
    const weight = round2(
      Math.max(
        0,
        Math.log1p(capitalRmb) +
          staffRank * 1.5 +
          tagScore +
          (active ? 2 : -4) +
          (website ? 0.5 : 0) +
          Math.min(contacts.length, 5) * 0.2,
      ),
    );

    // Future corporate shareholders: active RMB companies with some capital. The same rule as a
    // database query (enterprises.ts) so a top-up continues exactly like one long run.
    if (isCompany && active && currency === '人民币' && capital !== null && capital >= 500)
      this.pool.push({ id, name });

    return {
      id,
      index,
      name,
      formerNames,
      brandWords: [nameBrand.word],
      uncid,
      regNo,
      orgType,
      status,
      legalPerson,
      regCapital: capital,
      regCapitalCurrency: currency,
      paidCapital,
      establishDate: dayString(establishDay),
      approvalDate,
      termStart: dayString(establishDay),
      termEnd,
      regAuthority,
      provinceCode: place.province.code,
      cityCode: place.city.code,
      districtCode: place.district?.code ?? null,
      address,
      lng,
      lat,
      industrySection: industry.section!,
      industryDivision: industry.division!,
      industryGroup: industry.group!,
      industryClass: industry.class!,
      businessScope,
      staffSize: STAFF_BANDS[staffRank],
      insuredCount,
      website,
      tags,
      listed: kind === 'listed',
      listingInfo,
      phoneCount,
      emailCount,
      weight,
      contacts,
      shareholders,
      people,
      changes,
      branches,
      investments,
      financing,
      honors,
      chains,
      annualReports,
    };
  }
}

function dayOfYearStart(year: number): number {
  return Date.UTC(year, 0, 1) / 86400000;
}
