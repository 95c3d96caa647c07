import type pg from 'pg';
import { getChildren, getProvinces, shortRegionName, type Region } from '../../lib/shared/geo';
import { INDUSTRY_CHAINS, getIndustry, type IndustryChain } from '../../lib/shared/industry';
import {
  HEALTH_TOPICS,
  type NewsCategory,
  type PolicyKind,
  type PolicyLevel,
  type ReportKind,
} from '../../lib/shared/content/content.constants';
import type { ReportChart } from '../../lib/shared/content/content.contract';
import type { AdvancedSearchCondition } from '../../lib/shared/search/advanced';
import {
  writeNews,
  writePolicies,
  writeReports,
  type NewsWrite,
  type PolicyWrite,
  type ReportWrite,
  type SubsidyWrite,
} from '../../lib/server/content/content-write';
import { AS_OF_DAY, dayString } from './dates';
import { Rng, WeightedTable, mixSeed } from './prng';

/**
 * Demo knowledge content (issue 17): policies with subsidies, research reports and briefings,
 * industry news and the health topics, generated deterministically from one seed over the real
 * regions (lib/shared/geo) and industries / chains (lib/shared/industry). Every row is marked
 * demo (the pages show the 演示数据 banner). Dates are "as of" AS_OF_DAY like the enterprises.
 */

export const CONTENT_DEMO_SEED = 20261125;
/** Volumes at scale 1 (the first start); the bench loads scale 10. */
export const CONTENT_DEMO_VOLUMES = { policies: 5000, reports: 1000, news: 10000 } as const;

/** Generated rows are what the writer takes (content-write.ts), with the fixed lists' types. */
export type DemoSubsidy = SubsidyWrite;

export type DemoPolicy = PolicyWrite & {
  docNo: string;
  level: PolicyLevel;
  kind: PolicyKind;
  subsidies: DemoSubsidy[];
};

export type DemoReport = ReportWrite & {
  kind: ReportKind;
  chainCode: string;
  pages: number;
};

export type DemoNews = NewsWrite & { category: NewsCategory };

const WAN_FEN = 1_000_000; // 1 万元 in fen

// ---- Vocabulary ----

type Topic = { name: string; industries: string[]; subsidy: boolean; tag?: string };

const TOPICS: Record<PolicyKind, Topic[]> = {
  funding: [
    { name: '中小企业发展专项资金', industries: ['C'], subsidy: true, tag: '小微企业' },
    { name: '专精特新企业奖励', industries: ['C', '35'], subsidy: true, tag: '专精特新' },
    { name: '工业企业技术改造补助', industries: ['C', '34'], subsidy: true },
    { name: '首台（套）重大技术装备推广应用', industries: ['C', '35'], subsidy: true },
    { name: '数字化转型示范项目扶持', industries: ['I', '65'], subsidy: true },
    { name: '外贸企业开拓市场补助', industries: ['F', '51'], subsidy: true },
  ],
  tax: [
    { name: '研发费用加计扣除', industries: ['M', '73'], subsidy: false },
    { name: '高新技术企业所得税优惠', industries: ['M', 'C'], subsidy: false, tag: '高新技术企业' },
    { name: '小微企业增值税减免', industries: ['F', '52'], subsidy: false, tag: '小微企业' },
    { name: '固定资产加速折旧', industries: ['C'], subsidy: false },
    { name: '软件企业增值税即征即退', industries: ['I', '65'], subsidy: false },
  ],
  talent: [
    { name: '高层次人才引进', industries: ['M'], subsidy: true },
    { name: '青年科技人才支持计划', industries: ['M', '73'], subsidy: true },
    { name: '博士后科研工作站资助', industries: ['M', '73'], subsidy: true },
    { name: '职业技能提升培训补贴', industries: ['P', '83'], subsidy: true },
    { name: '人才安居补贴', industries: ['K', '70'], subsidy: true },
  ],
  innovation: [
    { name: '高新技术企业认定奖励', industries: ['M', 'C'], subsidy: true, tag: '高新技术企业' },
    {
      name: '科技型中小企业研发投入后补助',
      industries: ['M', '73'],
      subsidy: true,
      tag: '科技型中小企业',
    },
    { name: '企业研发机构建设资助', industries: ['M', '73'], subsidy: true },
    { name: '科技成果转化奖励', industries: ['M', '75'], subsidy: true },
    { name: '人工智能创新应用项目', industries: ['I', '65'], subsidy: true },
  ],
  industry: [
    { name: '数字经济高质量发展', industries: ['I', '64', '65'], subsidy: false },
    { name: '先进制造业集群培育', industries: ['C', '35', '38'], subsidy: false },
    { name: '生物医药产业高质量发展', industries: ['C', '27'], subsidy: true },
    { name: '新能源汽车产业发展', industries: ['C', '36'], subsidy: true },
    { name: '现代物流业发展', industries: ['G', '59'], subsidy: false },
    { name: '文化创意产业发展', industries: ['R', '87'], subsidy: false },
    { name: '医疗器械产业创新发展', industries: ['C', '35'], subsidy: true },
  ],
  finance: [
    { name: '科技信贷风险补偿', industries: ['J', '66'], subsidy: true },
    { name: '企业上市挂牌奖励', industries: ['J', '67'], subsidy: true, tag: '上市' },
    { name: '融资担保费用补贴', industries: ['J', '66'], subsidy: true },
    { name: '知识产权质押融资贴息', industries: ['J', 'M'], subsidy: true },
  ],
  land: [
    { name: '工业用地弹性出让', industries: ['C'], subsidy: false },
    { name: '标准厂房租金补贴', industries: ['C'], subsidy: true },
    { name: '科技企业孵化器场地补贴', industries: ['M', '75'], subsidy: true },
    { name: '产业园区入驻优惠', industries: ['C', 'I'], subsidy: true },
  ],
  qualification: [
    { name: '专精特新“小巨人”企业认定', industries: ['C'], subsidy: true, tag: '小巨人' },
    { name: '制造业单项冠军企业认定', industries: ['C'], subsidy: true },
    { name: '绿色工厂认定', industries: ['C', 'N'], subsidy: true },
    { name: '智能制造示范工厂认定', industries: ['C', '34'], subsidy: true },
    { name: '瞪羚企业认定', industries: ['M', 'I'], subsidy: true, tag: '瞪羚' },
  ],
};

const KIND_WEIGHTS = new WeightedTable<PolicyKind>([
  ['funding', 22],
  ['tax', 8],
  ['talent', 14],
  ['innovation', 18],
  ['industry', 14],
  ['finance', 8],
  ['land', 6],
  ['qualification', 10],
]);

const LEVEL_WEIGHTS = new WeightedTable<PolicyLevel>([
  ['national', 8],
  ['provincial', 27],
  ['city', 40],
  ['district', 25],
]);

const NATIONAL_ISSUERS: Record<PolicyKind, string[]> = {
  funding: ['工业和信息化部', '财政部'],
  tax: ['财政部 税务总局', '国家税务总局'],
  talent: ['人力资源社会保障部', '科技部'],
  innovation: ['科技部', '国家发展改革委'],
  industry: ['国家发展改革委', '工业和信息化部'],
  finance: ['中国人民银行', '国家金融监督管理总局'],
  land: ['自然资源部'],
  qualification: ['工业和信息化部'],
};

/** Local departments per kind: [full name suffix, document-number abbreviation]. */
const LOCAL_DEPTS: Record<PolicyKind, [string, string][]> = {
  funding: [
    ['工业和信息化', '工信'],
    ['财政', '财'],
  ],
  tax: [['税务', '税']],
  talent: [
    ['人力资源和社会保障', '人社'],
    ['科学技术', '科'],
  ],
  innovation: [
    ['科学技术', '科'],
    ['工业和信息化', '工信'],
  ],
  industry: [
    ['发展和改革', '发改'],
    ['工业和信息化', '工信'],
  ],
  finance: [['地方金融管理', '金管']],
  land: [['自然资源和规划', '自然资源']],
  qualification: [
    ['工业和信息化', '工信'],
    ['市场监督管理', '市监'],
  ],
};

const DOC_TYPES = ['的通知', '申报指南', '实施细则', '若干措施', '管理办法', '实施意见'];

const CONDITIONS = [
  '在本地区依法登记注册、具有独立法人资格，且登记状态为存续',
  '财务管理制度健全，上一年度营业收入不低于{rev}万元',
  '近三年无严重失信行为，未被列入经营异常名录',
  '近三年未发生重大安全、环保、质量事故',
  '研发投入占营业收入比例不低于{pct}%',
  '拥有与主营业务相关的有效知识产权不少于{ip}项',
  '项目已完成备案，且在申报截止日前已开工建设',
  '企业职工人数不少于{staff}人，依法缴纳社会保险',
];

const MATERIALS = [
  '项目申报书（加盖单位公章）',
  '营业执照复印件',
  '上一年度财务审计报告',
  '知识产权证明材料',
  '项目投资发票及付款凭证',
  '信用承诺书',
  '其他能证明企业符合条件的材料',
];

const INSTITUTIONS = [
  '拓客雷达产业研究院',
  '华信产业经济研究中心',
  '东方区域发展研究所',
  '新经济产业观察研究院',
  '中科产业链研究中心',
  '长江科技战略研究所',
];

const NEWS_SOURCES = ['拓客雷达资讯', '产业观察', '区域经济周刊', '创新科技报道', '财经快讯'];

const FIGURE_WORDS = ['产能', '订单', '出口', '营收', '专利申请量', '投资额'];

// ---- Helpers ----

function industriesOf(codes: readonly string[]): string[] {
  const out = new Set<string>();
  for (const c of codes) {
    if (!getIndustry(c)) continue;
    out.add(c);
    // A division brings its section, so section filters find it.
    const section = /^\d{2}$/.test(c) ? getIndustry(c)?.parentCode : null;
    if (section) out.add(section);
  }
  return [...out];
}

function chainIndustries(chain: IndustryChain): string[] {
  return industriesOf(chain.nodes.flatMap((n) => n.classes.map((c) => c.slice(0, 2))));
}

function fill(template: string, rng: Rng): string {
  return template
    .replace('{rev}', String(rng.pick([500, 1000, 2000, 5000])))
    .replace('{pct}', String(rng.pick([3, 4, 5, 6])))
    .replace('{ip}', String(rng.range(1, 6)))
    .replace('{staff}', String(rng.pick([10, 20, 50, 100])));
}

function esc(s: string): string {
  return s.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  );
}

/** HTML and its plain text from [heading, paragraphs[]] sections. */
function document(sections: [string, string[]][]): { html: string; text: string } {
  let html = '';
  let text = '';
  for (const [h, ps] of sections) {
    if (h) {
      html += `<h2>${esc(h)}</h2>`;
      text += `${h}\n`;
    }
    for (const p of ps) {
      html += `<p>${esc(p)}</p>`;
      text += `${p}\n`;
    }
  }
  return { html, text: text.trim() };
}

const YUAN = (fen: number) => `${(fen / WAN_FEN).toLocaleString('en-US')}万元`;

/** Usable regions: no Hong Kong, Macao, Taiwan; no synthetic 省直辖 cities. */
const PROVINCES = getProvinces().filter((p) => !['710000', '810000', '820000'].includes(p.code));
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);
const PROVINCE_WEIGHTS = new WeightedTable<Region>(
  PROVINCES.map((p) => [
    p,
    ['440000', '320000', '330000', '370000', '110000', '310000'].includes(p.code) ? 3 : 1,
  ]),
);
const citiesOf = (p: Region) => getChildren(p.code).filter((c) => !c.name.includes('直辖'));

// ---- Generators ----

type Place = {
  level: PolicyLevel;
  region: Region | null;
  province: Region | null;
  city: Region | null;
};

function pickPlace(rng: Rng): Place {
  let level = LEVEL_WEIGHTS.pick(rng);
  if (level === 'national') return { level, region: null, province: null, city: null };
  const province = PROVINCE_WEIGHTS.pick(rng);
  if (level === 'provincial') return { level, region: province, province, city: null };
  const cities = citiesOf(province);
  const city = cities.length ? rng.pick(cities) : null;
  if (!city) return { level: 'provincial', region: province, province, city: null };
  const districts = getChildren(city.code);
  if (MUNICIPALITIES.has(province.code)) level = 'district';
  if (level === 'district' && districts.length) {
    return { level, region: rng.pick(districts), province, city };
  }
  return { level: 'city', region: city, province, city };
}

function issuerOf(place: Place, kind: PolicyKind, rng: Rng): { issuer: string; abbr: string } {
  if (!place.region) {
    const issuer = rng.pick(NATIONAL_ISSUERS[kind]);
    return { issuer, abbr: issuer.slice(0, 2) };
  }
  const [dept, abbr] = rng.pick(LOCAL_DEPTS[kind]);
  const suffix = place.level === 'provincial' ? '厅' : '局';
  const head = dept === '发展和改革' ? '委员会' : suffix;
  return {
    issuer: `${place.region.name}${dept}${head}`,
    abbr: `${shortRegionName(place.region.name) || place.region.name}${abbr}`,
  };
}

/** Publish days skew recent: half within the last year before AS_OF_DAY, the rest up to 5 years. */
function publishDay(rng: Rng): number {
  return rng.chance(0.5) ? AS_OF_DAY - rng.int(365) : AS_OF_DAY - 365 - rng.int(365 * 4);
}

function targetProfile(place: Place, topic: Topic, rng: Rng): AdvancedSearchCondition {
  const conditions: AdvancedSearchCondition['groups'][number]['conditions'] = [
    { field: 'status', op: 'in', values: ['存续', '在业'] },
  ];
  if (place.region) conditions.push({ field: 'region', op: 'in', values: [place.region.code] });
  const sections = topic.industries.filter((c) => /^[A-T]$/.test(c));
  if (sections.length) conditions.push({ field: 'industry', op: 'in', values: sections });
  if (topic.tag) conditions.push({ field: 'tag', op: 'in', values: [topic.tag] });
  else if (rng.chance(0.3))
    conditions.push({ field: 'capitalBand', op: 'in', values: ['100-500', '500-1000'] });
  return { logic: 'and', groups: [{ logic: 'and', conditions }] };
}

export function generatePolicy(seed: number, index: number): DemoPolicy {
  const rng = new Rng(mixSeed(seed, index * 3 + 1));
  const kind = KIND_WEIGHTS.pick(rng);
  const topic = rng.pick(TOPICS[kind]);
  const place = pickPlace(rng);
  const { issuer, abbr } = issuerOf(place, kind, rng);
  const day = publishDay(rng);
  const year = Number(dayString(day).slice(0, 4));
  const where = place.region?.name ?? '全国';
  const docType = rng.pick(DOC_TYPES);
  const yearly = docType === '的通知' || docType === '申报指南';
  const title = yearly
    ? `${issuer}关于组织开展${year}年度${topic.name}申报工作${docType === '的通知' ? '的通知' : '的申报指南'}`
    : `${where}关于${topic.name}的${docType.replace(/^的/, '')}`;
  const docNo = `${abbr}〔${year}〕${rng.range(1, 180)}号`;
  const windowed = topic.subsidy && (yearly || rng.chance(0.5));
  const applyStartDay = windowed ? day + rng.range(3, 20) : null;
  const applyEndDay = applyStartDay !== null ? applyStartDay + rng.range(20, 120) : null;
  const amountTop = rng.pick([10, 20, 30, 50, 100, 200, 300, 500, 1000]) * WAN_FEN;

  const subsidies: DemoSubsidy[] = [];
  if (topic.subsidy) {
    const n = rng.range(1, 3);
    for (let i = 0; i < n; i++) {
      const max = Math.max(WAN_FEN, Math.round(amountTop / (i + 1)));
      const min = rng.chance(0.6) ? Math.round(max / rng.pick([2, 4, 5, 10])) : null;
      const conds = [CONDITIONS[0], ...pickSome(rng, CONDITIONS.slice(1), 3)].map((c) =>
        fill(c, rng),
      );
      subsidies.push({
        sourceId: `demo:subsidy:${index + 1}:${i + 1}`,
        name: `${topic.name}${['', '（一类）', '（二类）'][i]}${i === 0 ? '' : '项目'}`.replace(
          /项目项目$/,
          '项目',
        ),
        amountMinFen: min,
        amountMaxFen: max,
        applyStart: applyStartDay !== null ? dayString(applyStartDay) : null,
        applyEnd: applyEndDay !== null ? dayString(applyEndDay) : null,
        conditions: conds,
        materials: pickSome(rng, MATERIALS, 4),
        supportContent: `对符合条件的企业给予最高${YUAN(max)}的一次性支持${min ? `，一般不低于${YUAN(min)}` : ''}；同一企业同一年度原则上只支持一个项目。`,
        targetProfile: targetProfile(place, topic, rng),
      });
    }
  }

  const sentences = {
    aim: `为深入贯彻落实国家关于${topic.name}的决策部署，推动${where}${rng.pick(['产业转型升级', '经济高质量发展', '创新能力提升', '营商环境持续优化'])}，结合本地实际，制定本${docType.replace(/^的/, '')}。`,
    scope: `本${docType.replace(/^的/, '')}适用于在${where}依法登记注册的${rng.pick(['企业', '中小企业', '科技型企业', '制造业企业', '各类市场主体'])}。`,
    support: subsidies.length
      ? subsidies.map((s) => `${s.name}：${s.supportContent}`)
      : [
          `对符合条件的企业，按规定享受${topic.name}相关政策，具体按${rng.pick(['年度', '季度', '实际发生额'])}核定。`,
        ],
    cond: (subsidies[0]?.conditions ?? [fill(CONDITIONS[0], rng), fill(CONDITIONS[2], rng)]).map(
      (c, i) => `（${i + 1}）${c}。`,
    ),
    time: applyStartDay
      ? `申报时间为${dayString(applyStartDay)}至${dayString(applyEndDay!)}，逾期不予受理。企业通过线上平台填报并上传材料。`
      : '本政策自发布之日起施行，企业按规定自行申报享受。',
    contact: `政策咨询：${issuer}${rng.pick(['产业处', '综合处', '政策法规处', '企业服务中心'])}，联系电话 0${rng.range(10, 99)}-${rng.digits(8)}（示例）。`,
  };
  const body = document([
    ['一、总体要求', [sentences.aim]],
    ['二、适用范围', [sentences.scope]],
    ['三、支持内容和标准', sentences.support],
    ['四、申报条件', sentences.cond],
    ['五、申报时间及方式', [sentences.time]],
    ['六、联系方式', [sentences.contact]],
  ]);
  const interpretation = rng.chance(0.6)
    ? document([
        [
          '一、出台背景',
          [
            `近年来，${where}${topic.name}工作取得积极进展，但企业在${rng.pick(['资金', '人才', '研发', '市场开拓'])}方面仍面临困难，亟需政策支持。`,
          ],
        ],
        [
          '二、主要内容',
          [
            `本政策围绕${topic.name}，明确了适用范围、支持标准和申报流程${subsidies.length ? `，单个项目最高支持${YUAN(amountTop)}` : ''}。`,
          ],
        ],
        ['三、申报提示', ['企业应对照申报条件自查，按要求准备材料，确保信息真实、准确、完整。']],
      ]).html
    : '';
  const effective = day + rng.range(0, 30);
  const hasExpiry = rng.chance(0.7);
  return {
    sourceId: `demo:policy:${index + 1}`,
    title,
    issuer,
    docNo,
    level: place.level,
    regionCode: place.region?.code ?? null,
    provinceCode: place.province?.code ?? '000000',
    cityCode: place.city?.code ?? null,
    industries: industriesOf(topic.industries),
    kind,
    publishDate: dayString(day),
    effectiveDate: dayString(effective),
    expiryDate: hasExpiry ? dayString(effective + 365 * rng.range(1, 5)) : null,
    applyStart: applyStartDay !== null ? dayString(applyStartDay) : null,
    applyEnd: applyEndDay !== null ? dayString(applyEndDay) : null,
    summary: `${sentences.aim}${sentences.scope}`,
    bodyHtml: body.html,
    bodyText: body.text,
    interpretationHtml: interpretation,
    subsidies,
  };
}

function pickSome<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(rng.int(pool.length), 1)[0]);
  return out;
}

function topicsForChain(chain: IndustryChain, rng: Rng): string[] {
  if (chain.code === 'CY004') return [rng.pick(['biomedicine', 'device', 'tcm'])];
  if (chain.code === 'CY006' && rng.chance(0.2)) return ['digital'];
  return [];
}

function series(rng: Rng, start: number, n: number, growth: number): number[] {
  const out: number[] = [];
  let v = start;
  for (let i = 0; i < n; i++) {
    out.push(Math.round(v * 10) / 10);
    v *= 1 + growth + (rng.next() - 0.5) * 0.08;
  }
  return out;
}

export function generateReport(seed: number, index: number): DemoReport {
  const rng = new Rng(mixSeed(seed, index * 3 + 2));
  const chain = rng.pick(INDUSTRY_CHAINS);
  const kind: ReportKind = rng.chance(0.6) ? 'yjbg' : 'cyzx';
  const day = publishDay(rng);
  const year = Number(dayString(day).slice(0, 4));
  const node = rng.pick(chain.nodes);
  const province = PROVINCE_WEIGHTS.pick(rng);
  const pshort = shortRegionName(province.name) || province.name;
  const title =
    kind === 'yjbg'
      ? rng.pick([
          `${year}年中国${chain.name}产业发展研究报告`,
          `${chain.name}产业链${node.name}环节深度研究`,
          `${pshort}${chain.name}产业链图谱与投资机会分析`,
          `${chain.name}行业${year}年度市场规模与竞争格局报告`,
        ])
      : rng.pick([
          `${chain.name}产业${rng.range(1, 12)}月观察：${node.name}需求回暖`,
          `${pshort}${chain.name}产业集群发展动态`,
          `${node.name}：${year}年产业热点与企业动向`,
        ]);
  const base = rng.range(200, 8000);
  const growth = 0.05 + rng.next() * 0.2;
  const years = Array.from({ length: 6 }, (_, i) => `${year - 5 + i}`);
  const sizes = series(rng, base, 6, growth);
  const rates = sizes.slice(1).map((v, i) => Math.round((v / sizes[i] - 1) * 1000) / 10);
  const shares = chain.nodes.map(() => rng.range(5, 40));
  const charts: ReportChart[] = [
    {
      title: `${chain.name}产业规模（${years[0]}-${years[5]}）`,
      type: 'bar',
      unit: '亿元',
      categories: years,
      series: [{ name: '产业规模', data: sizes }],
    },
    {
      title: '产业规模同比增速',
      type: 'line',
      unit: '%',
      categories: years.slice(1),
      series: [{ name: '同比增速', data: rates }],
    },
    {
      title: '产业链各环节产值占比',
      type: 'pie',
      unit: '%',
      categories: chain.nodes.map((n) => n.name),
      series: [{ name: '占比', data: shares }],
    },
  ];
  const last = sizes[5];
  const summary = `${year}年${chain.name}产业规模约${last.toLocaleString('en-US')}亿元，同比增长${rates[4]}%。报告梳理了${chain.nodes.map((n) => n.name).join('、')}等环节的发展现状，分析${node.name}环节的竞争格局与投资机会。`;
  const body = document([
    ['一、产业概况', [summary]],
    [
      '二、产业链结构',
      chain.nodes.map(
        (n) =>
          `${n.stage}·${n.name}：${rng.pick(['集中度较高', '竞争充分', '国产替代加速', '技术迭代快'])}，${rng.pick(['头部企业扩产', '中小企业专精特新化', '区域集群效应明显', '研发投入持续增长'])}。`,
      ),
    ],
    [
      '三、区域分布',
      [
        `${pshort}等地区形成了较为完整的${chain.name}产业链，${rng.pick(['长三角', '珠三角', '京津冀', '成渝地区'])}在${node.name}环节优势明显。`,
      ],
    ],
    [
      '四、发展趋势',
      [
        `预计未来三年${chain.name}产业年均增速保持在${Math.round(growth * 100)}%左右，${node.name}是最具潜力的细分方向。`,
      ],
    ],
  ]);
  return {
    sourceId: `demo:report:${index + 1}`,
    kind,
    title,
    institution: rng.pick(INSTITUTIONS),
    chainCode: chain.code,
    industries: chainIndustries(chain),
    topics: topicsForChain(chain, rng),
    publishDate: dayString(day),
    pages: kind === 'yjbg' ? rng.range(20, 120) : rng.range(4, 16),
    summary,
    bodyHtml: body.html,
    bodyText: body.text,
    charts,
  };
}

const HEALTH_NEWS_SHARE = 0.15;

export function generateNews(seed: number, index: number): DemoNews {
  const rng = new Rng(mixSeed(seed, index * 3 + 3));
  const day = publishDay(rng);
  const province = PROVINCE_WEIGHTS.pick(rng);
  const cities = citiesOf(province);
  const city = cities.length ? rng.pick(cities) : province;
  const cshort = shortRegionName(city.name) || city.name;
  let chainName: string;
  let nodeName: string;
  let industries: string[];
  let topics: string[];
  if (rng.chance(HEALTH_NEWS_SHARE)) {
    const topic = rng.pick(HEALTH_TOPICS);
    chainName = topic.name;
    nodeName = rng.pick(topic.tags);
    industries = industriesOf(topic.industries);
    topics = [topic.slug];
  } else {
    const chain = rng.pick(INDUSTRY_CHAINS);
    chainName = chain.name;
    nodeName = rng.pick(chain.nodes).name;
    industries = chainIndustries(chain);
    topics = topicsForChain(chain, rng);
  }
  const category: NewsCategory = rng.pick([
    'policy',
    'market',
    'investment',
    'technology',
    'enterprise',
  ]);
  const n = rng.range(2, 98);
  const title = {
    policy: `${cshort}出台${chainName}产业扶持新政，最高奖励${rng.pick([50, 100, 200, 500])}万元`,
    market: `${chainName}产业${rng.range(1, 12)}月运行情况：${rng.pick(FIGURE_WORDS)}同比增长${n / 10 + 3}%`,
    investment: `${cshort}${nodeName}项目签约落地，总投资${n}亿元`,
    technology: `${nodeName}领域取得新突破，${cshort}企业实现关键技术量产`,
    enterprise: `${cshort}举办${chainName}产业对接会，${n + 20}家企业参会`,
  }[category];
  const summary = `${dayString(day)}，${city.name}${chainName}产业传来新消息：${title}。`;
  const body = document([
    [
      '',
      [
        summary,
        `据介绍，${cshort}近年来聚焦${chainName}产业，围绕${nodeName}等环节${rng.pick(['招大引强', '强链补链', '培育专精特新企业', '建设公共服务平台'])}，产业规模持续扩大。`,
        `业内人士认为，${rng.pick(['政策红利持续释放', '市场需求稳步回升', '技术创新不断加快', '区域协同日益紧密'])}，${chainName}产业有望保持${rng.pick(['较快', '平稳', '稳中向好的'])}增长态势。`,
      ],
    ],
  ]);
  return {
    sourceId: `demo:news:${index + 1}`,
    title,
    source: rng.pick(NEWS_SOURCES),
    category,
    industries,
    topics,
    publishDate: dayString(day),
    summary,
    bodyHtml: body.html,
    bodyText: body.text,
  };
}

// ---- Loading ----

/** The health topics (fixed list); later starts keep them in step with HEALTH_TOPICS. */
export async function seedHealthTopics(pool: pg.Pool): Promise<void> {
  await pool.query(
    `insert into content_health_topics (slug, name, description, tags, industries, sort)
     select slug, name, description, tags, industries, sort
       from jsonb_to_recordset($1::jsonb) as x(slug text, name text, description text, tags text[],
         industries text[], sort int)
     on conflict (slug) do update set name = excluded.name, description = excluded.description,
       tags = excluded.tags, industries = excluded.industries, sort = excluded.sort`,
    [JSON.stringify(HEALTH_TOPICS.map((t, i) => ({ ...t, sort: i })))],
  );
}

export type ContentSeedResult = {
  policies: number;
  subsidies: number;
  reports: number;
  news: number;
  ms: number;
  skipped: boolean;
};

/**
 * Loads the demo content when there is none yet (no policy rows): `scale` × CONTENT_DEMO_VOLUMES,
 * multi-row inserts of 500 rows, one transaction per table (generated search documents and their
 * indexes are built by PostgreSQL as rows arrive), then ANALYZE so the bigram statistics exist.
 */
export async function seedDemoContent(
  pool: pg.Pool,
  opts: { scale?: number; seed?: number; force?: boolean; onProgress?: (msg: string) => void } = {},
): Promise<ContentSeedResult> {
  const started = Date.now();
  const scale = opts.scale ?? 1;
  const seed = opts.seed ?? CONTENT_DEMO_SEED;
  await seedHealthTopics(pool);
  const { rows } = await pool.query<{ has: boolean }>(
    'select exists(select 1 from content_policies) as has',
  );
  if (rows[0]?.has && !opts.force) {
    return { policies: 0, subsidies: 0, reports: 0, news: 0, ms: 0, skipped: true };
  }
  const counts = {
    policies: Math.round(CONTENT_DEMO_VOLUMES.policies * scale),
    reports: Math.round(CONTENT_DEMO_VOLUMES.reports * scale),
    news: Math.round(CONTENT_DEMO_VOLUMES.news * scale),
  };
  // One connection without the request statement timeout: a first start may run on a busy machine.
  const client = await pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    return await loadContent(client, seed, counts, started, opts.onProgress);
  } finally {
    await client.query('reset statement_timeout').catch(() => undefined);
    client.release();
  }
}

async function loadContent(
  db: pg.PoolClient,
  seed: number,
  counts: { policies: number; reports: number; news: number },
  started: number,
  onProgress?: (msg: string) => void,
): Promise<ContentSeedResult> {
  let subsidyCount = 0;
  const chunk = 5000;
  for (let start = 0; start < counts.policies; start += chunk) {
    const policies = [];
    for (let i = start; i < Math.min(counts.policies, start + chunk); i++)
      policies.push({ ...generatePolicy(seed, i), demo: true });
    subsidyCount += (await writePolicies(db, policies)).subsidies;
    onProgress?.(`政策 ${Math.min(counts.policies, start + chunk)}/${counts.policies}`);
  }
  for (let start = 0; start < counts.reports; start += chunk) {
    const reports = [];
    for (let i = start; i < Math.min(counts.reports, start + chunk); i++)
      reports.push({ ...generateReport(seed, i), demo: true });
    await writeReports(db, reports);
  }
  for (let start = 0; start < counts.news; start += chunk) {
    const news = [];
    for (let i = start; i < Math.min(counts.news, start + chunk); i++)
      news.push({ ...generateNews(seed, i), demo: true });
    await writeNews(db, news);
    onProgress?.(`资讯 ${Math.min(counts.news, start + chunk)}/${counts.news}`);
  }
  await db.query(
    'analyze content_policies; analyze content_subsidies; analyze content_reports; analyze content_news',
  );
  return {
    policies: counts.policies,
    subsidies: subsidyCount,
    reports: counts.reports,
    news: counts.news,
    ms: Date.now() - started,
    skipped: false,
  };
}
