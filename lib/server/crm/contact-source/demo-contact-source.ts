import type { CollectedContact, CompanyRef, ContactSource } from './contact-source';

/**
 * The demo provider: derives a company's "collected" contacts from its generated facts (credit
 * code, legal person, website, city), so the same company always yields the same contacts and a
 * second collection finds nothing new. About one company in seven yields nothing. Each call
 * waits `latencyMs` (± 30 %) like a real provider would.
 */

const AREA_CODES: Record<string, string> = {
  '110100': '010',
  '120100': '022',
  '310100': '021',
  '500100': '023',
  '440100': '020',
  '440300': '0755',
  '350200': '0592',
  '350100': '0591',
  '330100': '0571',
  '320100': '025',
  '320500': '0512',
  '510100': '028',
  '420100': '027',
  '610100': '029',
  '370200': '0532',
};
const MOBILE_PREFIXES = [
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '158',
  '186',
  '188',
  '177',
  '199',
];
const SOURCES = ['官网', '招聘网站', '地图标注', '电商平台', '工商年报', '行业黄页'];
const POSITIONS = ['销售经理', '采购负责人', '总经理助理', '市场总监', '行政主管'];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂';
const MAIL_LOCALS = ['sales', 'hr', 'service', 'market', 'info', 'contact'];

/** FNV-1a then xorshift: a small deterministic generator seeded by the company. */
function rngFor(seed: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let s = h || 1;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}

function areaCode(cityCode: string | null, rng: ReturnType<typeof rngFor>): string {
  if (cityCode && AREA_CODES[cityCode]) return AREA_CODES[cityCode];
  return `0${rng.int(3, 9)}${rng.digits(2)}`;
}

/** The contacts the demo provider "finds" for a company (pure; exported for tests). */
export function demoContactsFor(company: CompanyRef): CollectedContact[] {
  const rng = rngFor(`wyw:${company.uncid || company.id}`);
  if (rng.next() < 0.14) return [];
  const out: CollectedContact[] = [];
  const count = rng.int(1, 4);
  const domain = company.website
    ?.replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .split('/')[0];
  for (let i = 0; i < count; i++) {
    const r = rng.next();
    const source = rng.pick(SOURCES);
    if (i === 0 && company.legalPerson) {
      out.push({
        type: 'mobile',
        value: `${rng.pick(MOBILE_PREFIXES)}${rng.digits(8)}`,
        personName: company.legalPerson,
        position: '法定代表人',
        source,
      });
    } else if (r < 0.4) {
      const code = areaCode(company.cityCode, rng);
      out.push({
        type: 'phone',
        value: `${code}-${rng.int(2, 8)}${rng.digits(code.length === 3 ? 7 : 6)}`,
        source,
      });
    } else if (r < 0.75) {
      out.push({
        type: 'mobile',
        value: `${rng.pick(MOBILE_PREFIXES)}${rng.digits(8)}`,
        personName: `${rng.pick([...SURNAMES])}${rng.pick([...GIVEN])}`,
        position: rng.pick(POSITIONS),
        source,
      });
    } else {
      out.push({
        type: 'email',
        value: domain
          ? `${rng.pick(MAIL_LOCALS)}@${domain.toLowerCase()}`
          : `${rng.int(1, 9)}${rng.digits(rng.int(6, 9))}@qq.com`,
        source,
      });
    }
  }
  return out;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new Error('aborted'));
    });
  });
}

export function createDemoContactSource(options: {
  latencyMs: number;
  concurrency: number;
}): ContactSource {
  return {
    name: 'demo',
    concurrency: options.concurrency,
    async collect(company, signal) {
      const rng = rngFor(`latency:${company.id}`);
      const wait = options.latencyMs * (0.7 + 0.6 * rng.next());
      if (wait > 0) await sleep(wait, signal);
      return demoContactsFor(company);
    },
  };
}
