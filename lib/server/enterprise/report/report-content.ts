import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { config, getDb } from '@/lib/server/platform';
import { enterpriseAnnualReports, enterpriseChanges } from '@/db/schema';
import { CONTACT_TYPE_LABEL, formatCapital, formatRatio } from '@/lib/shared/enterprise/format';
import { maskContactsInText } from '@/lib/shared/enterprise/mask';
import type { EquityTreeNode } from '@/lib/shared/enterprise/types';
import {
  orderedSections,
  reportSectionTitle,
  type ReportBlock,
  type ReportContent,
  type ReportSectionContent,
  type ReportSectionKey,
} from '@/lib/shared/enterprise-report/report.types';
import {
  getUnlockTime,
  loadContactRows,
  toContactItem,
  toRegistration,
  type EnterpriseRow,
} from '../enterprise.service';
import {
  listBranches,
  listChains,
  listChanges,
  listFinancing,
  listHonors,
  listInvestments,
  listPeople,
  listShareholders,
} from '../enterprise-tabs.service';
import { getActualController, getEquityPenetration } from '../enterprise-graph.service';

/**
 * What a report says about one company, section by section, as blocks (report.types.ts). Reads the
 * same services as the company page. Rows per table are capped (a report stays a few pages and
 * under its size budget); a table says how many the company has in all.
 *
 * Contacts: only a company the reader's enterprise has unlocked shows its contacts, and only in the
 * 联系方式 section; free text that could quote one (address, scope, changes) is masked otherwise.
 */

const ROWS = 30;
const dash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? '—' : String(v);

type Reader = { tenantId: number };
type Ctx = { row: EnterpriseRow; unlocked: boolean };

function table(
  title: string,
  columns: string[],
  rows: string[][],
  total: number,
  empty: string,
): ReportBlock {
  return { kind: 'table', title, columns, rows, total, empty };
}

async function basic({ row, unlocked }: Ctx): Promise<ReportBlock[]> {
  const r = toRegistration(row);
  const text = (s: string | null) => (s && !unlocked ? maskContactsInText(s) : s);
  const people = await listPeople(row, { pageNo: 1, pageSize: ROWS });
  return [
    {
      kind: 'fields',
      items: [
        { label: '企业名称', value: r.name },
        { label: '统一社会信用代码', value: dash(r.uncid) },
        { label: '法定代表人', value: dash(r.legalPerson) },
        { label: '经营状态', value: dash(r.status) },
        { label: '成立日期', value: dash(r.establishDate) },
        { label: '注册资本', value: dash(r.regCapitalText) },
        { label: '实缴资本', value: dash(r.paidCapitalText) },
        { label: '企业类型', value: dash(r.orgType) },
        { label: '所属地区', value: dash(r.regionName) },
        { label: '所属行业', value: dash(r.industryName) },
        { label: '登记机关', value: dash(r.regAuthority) },
        { label: '核准日期', value: dash(r.approvalDate) },
        {
          label: '营业期限',
          value: r.termStart ? `${r.termStart} 至 ${r.termEnd ?? '无固定期限'}` : '—',
        },
        { label: '曾用名', value: r.formerNames.length ? r.formerNames.join('、') : '—' },
        { label: '注册地址', value: dash(text(r.address)) },
      ],
    },
    { kind: 'paragraph', title: '经营范围', text: dash(text(r.businessScope)) },
    table(
      '主要人员',
      ['姓名', '职务'],
      people.list.map((p) => [p.name, p.roles.join('、') || '—']),
      people.total,
      '暂无主要人员信息',
    ),
  ];
}

/** The ownership tree as depth-first lines: 「股东名称（持股 60%）」 under its company. */
function treeLines(root: EquityTreeNode): { depth: number; text: string }[] {
  const out: { depth: number; text: string }[] = [];
  const walk = (n: EquityTreeNode) => {
    const ratio = formatRatio(n.ratio);
    const kind = n.depth === 0 ? '' : n.kind === 'person' ? '自然人' : '企业';
    const extra = [kind, ratio ? `持股 ${ratio}` : ''].filter(Boolean).join('，');
    out.push({ depth: n.depth, text: extra ? `${n.name}（${extra}）` : n.name });
    for (const c of n.children) walk(c);
    if (n.hasMore && n.children.length > 0) out.push({ depth: n.depth + 1, text: '……' });
  };
  walk(root);
  return out;
}

async function shareholders({ row }: Ctx): Promise<ReportBlock[]> {
  const [holders, tree, controller, investments] = await Promise.all([
    listShareholders(row.id, { pageNo: 1, pageSize: ROWS }),
    getEquityPenetration(row, 'parent', 3),
    getActualController(row),
    listInvestments(row.id, { pageNo: 1, pageSize: ROWS }),
  ]);
  const lines = treeLines(tree);
  return [
    table(
      '股东信息',
      ['股东', '类型', '持股比例', '认缴出资额', '认缴日期'],
      holders.list.map((h) => [
        h.holderName,
        h.holderType === 'person' ? '自然人' : '企业',
        dash(formatRatio(h.ratio)),
        dash(formatCapital(h.subscribedAmount)),
        dash(h.subscribedDate),
      ]),
      holders.total,
      '暂无股东信息',
    ),
    {
      kind: 'tree',
      title: '股权结构图（向上穿透三层）',
      lines: lines.length > 1 ? lines : [],
      empty: '暂无股权结构信息',
    },
    {
      kind: 'fields',
      items: [
        {
          label: '实际控制人',
          value: controller.controller
            ? `${controller.controller.name}${
                controller.cumulativeRatio !== null
                  ? `（累计持股 ${formatRatio(controller.cumulativeRatio)}）`
                  : ''
              }`
            : '暂未识别',
        },
        {
          label: '控制路径',
          value: controller.path.length
            ? [row.name, ...controller.path.map((s) => `${s.name}（${formatRatio(s.ratio)}）`)]
                .reverse()
                .join(' → ')
            : '—',
        },
      ],
    },
    table(
      '对外投资',
      ['被投资企业', '持股比例', '投资金额', '经营状态', '成立日期'],
      investments.list.map((i) => [
        i.investeeName,
        dash(formatRatio(i.ratio)),
        dash(formatCapital(i.amount)),
        dash(i.investeeStatus),
        dash(i.investeeEstablishDate),
      ]),
      investments.total,
      '暂无对外投资',
    ),
  ];
}

const ACTIVE_STATUSES = ['存续', '在业', '开业', '正常'];
const YEAR_MS = 365 * 86_400_000;

/**
 * 风险提示 from the registration data itself: status, recent changes of the legal person or many
 * changes, capital paid in, the business term ending, a missing annual report. Says so when none.
 */
async function riskNotes(row: EnterpriseRow, now: number) {
  const yearAgo = new Date(now - YEAR_MS).toISOString().slice(0, 10);
  const [recent] = await getDb()
    .select({
      n: sql<number>`count(*)::int`,
      legal: sql<number>`count(*) filter (where ${enterpriseChanges.item} like '%法定代表人%')::int`,
    })
    .from(enterpriseChanges)
    .where(
      and(
        eq(enterpriseChanges.enterpriseId, row.id),
        sql`${enterpriseChanges.changeDate} >= ${yearAgo}`,
      ),
    );
  const [latestReport] = await getDb()
    .select({ year: enterpriseAnnualReports.year })
    .from(enterpriseAnnualReports)
    .where(eq(enterpriseAnnualReports.enterpriseId, row.id))
    .orderBy(desc(enterpriseAnnualReports.year))
    .limit(1);
  const items: { level: 'high' | 'medium' | 'low' | 'info'; text: string }[] = [];
  if (row.status && !ACTIVE_STATUSES.some((s) => row.status!.includes(s)))
    items.push({ level: 'high', text: `经营状态为「${row.status}」，请谨慎合作` });
  if (Number(recent?.legal ?? 0) > 0)
    items.push({ level: 'medium', text: `近一年变更过法定代表人（${recent.legal} 次）` });
  if (Number(recent?.n ?? 0) >= 5)
    items.push({ level: 'medium', text: `近一年工商变更较频繁（${recent.n} 次）` });
  if (row.termEnd && row.termEnd <= new Date(now + YEAR_MS).toISOString().slice(0, 10))
    items.push({ level: 'medium', text: `营业期限将于 ${row.termEnd} 届满` });
  if (row.regCapital && row.regCapital > 0 && row.paidCapital !== null) {
    if (row.paidCapital < row.regCapital * 0.2)
      items.push({ level: 'low', text: '实缴资本不足注册资本的 20%' });
  }
  const lastYear = new Date(now).getUTCFullYear() - 1;
  const established = row.establishDate ? Number(row.establishDate.slice(0, 4)) : null;
  if (established !== null && established < lastYear && (latestReport?.year ?? 0) < lastYear)
    items.push({ level: 'low', text: `未查询到 ${lastYear} 年度报告` });
  if (items.length === 0)
    items.push({ level: 'info', text: '未发现明显风险信号（依据工商登记与年报数据）' });
  return items;
}

async function risks({ row }: Ctx, now: number): Promise<ReportBlock[]> {
  // listChanges masks contacts quoted in a change, unlocked or not: changes are history, and the
  // 联系方式 section is where a report's contacts are.
  const [notes, changes] = await Promise.all([
    riskNotes(row, now),
    listChanges(row.id, { pageNo: 1, pageSize: ROWS }),
  ]);
  return [
    { kind: 'notes', title: '风险提示', items: notes },
    table(
      '工商变更记录',
      ['变更日期', '变更事项', '变更前', '变更后'],
      changes.list.map((c) => [c.changeDate, c.item, dash(c.before), dash(c.after)]),
      changes.total,
      '暂无工商变更记录',
    ),
  ];
}

const FIGURES: { key: string; label: string }[] = [
  { key: 'staff', label: '从业人数' },
  { key: 'insured', label: '参保人数' },
  { key: 'assets', label: '资产总额' },
  { key: 'revenue', label: '营业总收入' },
  { key: 'profit', label: '利润总额' },
  { key: 'tax', label: '纳税总额' },
];

async function operations({ row }: Ctx): Promise<ReportBlock[]> {
  const [reports, branches, chains] = await Promise.all([
    getDb()
      .select()
      .from(enterpriseAnnualReports)
      .where(eq(enterpriseAnnualReports.enterpriseId, row.id))
      .orderBy(desc(enterpriseAnnualReports.year))
      .limit(10),
    listBranches(row.id, { pageNo: 1, pageSize: ROWS }),
    listChains(row.id),
  ]);
  const listing = (row.listingInfo as Record<string, unknown> | null) ?? null;
  return [
    {
      kind: 'fields',
      items: [
        { label: '人员规模', value: dash(row.staffSize) },
        { label: '参保人数', value: dash(row.insuredCount) },
        {
          label: '上市情况',
          value: row.listed
            ? [listing?.board, listing?.code].filter((v) => typeof v === 'string').join(' ') ||
              '已上市'
            : '未上市',
        },
        { label: '企业标签', value: row.tags.length ? row.tags.join('、') : '—' },
      ],
    },
    // Only the figures: the annual report's published phone and e-mail stay out of a report.
    table(
      '年报财务摘要',
      ['年度', ...FIGURES.map((f) => f.label)],
      reports.map((r) => {
        const data = (r.data as Record<string, unknown> | null) ?? {};
        return [
          `${r.year} 年`,
          ...FIGURES.map((f) => {
            const v = data[f.key];
            return typeof v === 'string' || typeof v === 'number' ? String(v) : '—';
          }),
        ];
      }),
      reports.length,
      '暂无公示的年度报告',
    ),
    table(
      '分支机构',
      ['名称', '负责人', '地区', '成立日期', '状态'],
      branches.list.map((b) => [
        b.name,
        dash(b.principal),
        dash(b.regionName),
        dash(b.establishDate),
        dash(b.status),
      ]),
      branches.total,
      '暂无分支机构',
    ),
    table(
      '所属产业链',
      ['产业链', '环节', '位置'],
      chains.map((c) => [c.chainName, c.nodeName, dash(c.stage)]),
      chains.length,
      '暂未归入产业链',
    ),
  ];
}

/** Tags that are qualifications a government body confers. */
const QUALIFICATION_TAG = /高新|专精特新|小巨人|科技型|瞪羚|独角兽|技术中心|示范|认定/;

async function ip({ row }: Ctx): Promise<ReportBlock[]> {
  const honors = await listHonors(row.id, { pageNo: 1, pageSize: ROWS });
  const qualifications = row.tags.filter((t) => QUALIFICATION_TAG.test(t));
  return [
    {
      kind: 'fields',
      items: [
        { label: '资质认定', value: qualifications.length ? qualifications.join('、') : '—' },
      ],
    },
    table(
      '荣誉与资质',
      ['名称', '级别', '年份', '颁发单位'],
      honors.list.map((h) => [h.name, h.level, `${h.year}`, dash(h.issuer)]),
      honors.total,
      '暂无荣誉与资质',
    ),
    { kind: 'paragraph', text: '专利、商标与著作权数据暂未收录，本节依据资质认定与政府荣誉。' },
  ];
}

async function financing({ row }: Ctx): Promise<ReportBlock[]> {
  const rounds = await listFinancing(row.id, { pageNo: 1, pageSize: ROWS });
  return [
    table(
      '融资历程',
      ['日期', '轮次', '金额', '投资方'],
      rounds.list.map((f) => [
        f.financingDate,
        f.round,
        dash(f.amount),
        f.investors.join('、') || '—',
      ]),
      rounds.total,
      '暂无融资信息',
    ),
  ];
}

/** The one place a report carries contacts: the reader's enterprise unlocked this company. */
async function contacts({ row, unlocked }: Ctx): Promise<ReportBlock[]> {
  const rows = (await loadContactRows([row.id])).get(row.id) ?? [];
  if (!unlocked)
    return [
      {
        kind: 'empty',
        text: `贵企业尚未解锁该企业的联系方式（共 ${rows.length} 条）。解锁后重新生成报告即可包含联系方式。`,
      },
    ];
  const items = rows.map((c) => toContactItem(c, true));
  return [
    table(
      '已解锁的联系方式',
      ['类型', '联系方式', '联系人', '职务', '来源'],
      items.map((c) => [
        CONTACT_TYPE_LABEL[c.type],
        c.value,
        dash(c.personName),
        dash(c.position),
        dash(c.source),
      ]),
      items.length,
      '该企业暂无联系方式',
    ),
  ];
}

/** Builds one section; `now` fixes "the last year" for every rule of one report. */
async function section(
  key: ReportSectionKey,
  ctx: Ctx,
  now: number,
): Promise<ReportSectionContent> {
  const blocks =
    key === 'basic'
      ? await basic(ctx)
      : key === 'shareholders'
        ? await shareholders(ctx)
        : key === 'risks'
          ? await risks(ctx, now)
          : key === 'operations'
            ? await operations(ctx)
            : key === 'ip'
              ? await ip(ctx)
              : key === 'financing'
                ? await financing(ctx)
                : await contacts(ctx);
  return { key, title: reportSectionTitle(key), blocks };
}

/**
 * The whole report of `row` for a member of `reader.tenantId`, sections in report order;
 * `onSection` is told before each section is read (the job's progress).
 */
export async function buildReportContent(
  row: EnterpriseRow,
  reader: Reader,
  template: { name: string; sections: readonly ReportSectionKey[] },
  opts: { now?: number; onSection?: (key: ReportSectionKey, index: number) => Promise<void> } = {},
): Promise<ReportContent> {
  const now = opts.now ?? Date.now();
  const unlocked = (await getUnlockTime(reader.tenantId, row.id)) !== null;
  const ctx: Ctx = { row, unlocked };
  const sections: ReportSectionContent[] = [];
  for (const [i, key] of orderedSections(template.sections).entries()) {
    await opts.onSection?.(key, i);
    sections.push(await section(key, ctx, now));
  }
  return {
    entId: row.id,
    entName: row.name,
    uncid: row.uncid,
    templateName: template.name,
    generatedAt: now,
    source: config.demoMode
      ? '演示数据：本报告中的企业为系统生成，不代表真实企业'
      : '数据来源：公开工商登记、年报与企业公示信息',
    sections,
  };
}
