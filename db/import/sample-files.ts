/**
 * Import files in the documented CSV format, written from the demo generator's companies
 * (realistic names, codes, addresses and child rows): what bench:import and the import tests
 * feed to importEnterprises. Streamed through gzip; memory stays flat at any count.
 */
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { EnterpriseGenerator, type GeneratedEnterprise } from '../seed/enterprise-generator';
import { CHILD_COLUMNS, CHILD_KINDS, COMPANY_COLUMNS, type SourceKind } from './enterprise-columns';

export type SampleOptions = {
  dir: string;
  count: number;
  seed?: number;
  gzip?: boolean;
  /** Every nth company gets a different address (an incremental import's changed rows). */
  changeEvery?: number;
  /** Only the companies file (the child files of an earlier call are reused). */
  companiesOnly?: boolean;
  /** Name of the companies file without extension (default companies). */
  name?: string;
};

const cell = (v: string | number | boolean | null | undefined): string => {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'boolean' ? (v ? 'true' : 'false') : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const list = (v: readonly string[]) => v.join('|');

function companyRow(e: GeneratedEnterprise, changed: boolean): string {
  const values: Record<string, string | number | boolean | null> = {
    credit_code: e.uncid,
    name: e.name,
    org_type: e.orgType,
    status: e.status,
    legal_person: e.legalPerson,
    former_names: list(e.formerNames),
    brand_words: list(e.brandWords),
    reg_no: e.regNo,
    reg_capital: e.regCapital,
    reg_capital_currency: e.regCapitalCurrency,
    paid_capital: e.paidCapital,
    establish_date: e.establishDate,
    approval_date: e.approvalDate,
    term_start: e.termStart,
    term_end: e.termEnd,
    reg_authority: e.regAuthority,
    province_code: e.provinceCode,
    city_code: e.cityCode,
    district_code: e.districtCode,
    address: changed ? `${e.address}（新址）` : e.address,
    lng: e.lng,
    lat: e.lat,
    industry_section: e.industrySection,
    industry_division: e.industryDivision,
    industry_group: e.industryGroup,
    industry_class: e.industryClass,
    business_scope: e.businessScope,
    staff_size: e.staffSize,
    insured_count: e.insuredCount,
    website: e.website,
    tags: list(e.tags),
    listed: e.listed,
    weight: e.weight,
  };
  return `${COMPANY_COLUMNS.map((c) => cell(values[c.key])).join(',')}\n`;
}

function childRows(kind: (typeof CHILD_KINDS)[number], e: GeneratedEnterprise): string {
  let out = '';
  const row = (values: (string | number | null)[]) => {
    out += `${values.map(cell).join(',')}\n`;
  };
  if (kind === 'shareholders')
    for (const s of e.shareholders)
      row([
        e.uncid,
        s.holderName,
        s.holderType,
        null,
        s.ratio,
        s.subscribedAmount,
        s.subscribedDate,
      ]);
  if (kind === 'people') for (const p of e.people) row([e.uncid, p.name, list(p.roles)]);
  if (kind === 'changes')
    for (const c of e.changes) row([e.uncid, c.changeDate, c.item, c.before, c.after]);
  if (kind === 'branches')
    for (const b of e.branches)
      row([e.uncid, b.name, null, b.principal, b.regionCode, b.establishDate, b.status]);
  return out;
}

type Out = { file: string; write: (s: string) => Promise<void>; end: () => Promise<void> };

function open(file: string, gzip: boolean): Out {
  const disk = fs.createWriteStream(file);
  const stream = gzip ? zlib.createGzip({ level: 6 }) : disk;
  if (gzip) stream.pipe(disk);
  let pending = '';
  const push = async () => {
    if (!stream.write(pending)) await once(stream, 'drain');
    pending = '';
  };
  return {
    file,
    write: async (s) => {
      pending += s;
      if (pending.length > 1 << 18) await push();
    },
    end: async () => {
      await push();
      stream.end();
      await once(disk, 'close');
    },
  };
}

/** Writes the files; answers their paths, companies first. */
export async function writeSampleFiles(options: SampleOptions): Promise<string[]> {
  fs.mkdirSync(options.dir, { recursive: true });
  const gzip = options.gzip ?? true;
  const ext = gzip ? '.csv.gz' : '.csv';
  const kinds: SourceKind[] = options.companiesOnly ? ['companies'] : ['companies', ...CHILD_KINDS];
  const outs = new Map<SourceKind, Out>();
  for (const kind of kinds) {
    const name = kind === 'companies' ? (options.name ?? 'companies') : kind;
    const out = open(path.join(options.dir, `${name}${ext}`), gzip);
    const header = kind === 'companies' ? COMPANY_COLUMNS : CHILD_COLUMNS[kind];
    await out.write(`${header.map((c) => c.key).join(',')}\n`);
    outs.set(kind, out);
  }
  const generator = new EnterpriseGenerator({ seed: options.seed ?? 20261122 });
  for (let i = 0; i < options.count; i++) {
    const e = generator.next();
    const changed = !!options.changeEvery && i % options.changeEvery === 0;
    await outs.get('companies')!.write(companyRow(e, changed));
    if (!options.companiesOnly)
      for (const kind of CHILD_KINDS) await outs.get(kind)!.write(childRows(kind, e));
  }
  for (const out of outs.values()) await out.end();
  return [...outs.values()].map((o) => o.file);
}
