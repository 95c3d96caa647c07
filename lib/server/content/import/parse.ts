import { z } from 'zod';
import { getRegion, regionPath } from '@/lib/shared/geo';
import { getIndustry, getIndustryChain } from '@/lib/shared/industry';
import {
  HEALTH_TOPICS,
  NEWS_CATEGORIES,
  POLICY_KINDS,
  POLICY_LEVELS,
  REPORT_KINDS,
} from '@/lib/shared/content/content.constants';
import { chartSchema } from '@/lib/shared/content/content.contract';
import {
  advancedSearchConditionSchema,
  type AdvancedSearchCondition,
} from '@/lib/shared/search/advanced';
import type { ContentAttachmentRow } from '@/db/schema/content';
import type { NewsWrite, PolicyWrite, ReportWrite } from '../content-write';
import { htmlToText, sanitizeContentHtml } from './sanitize';

/**
 * Import items (issue 17): one JSON object per line of a .jsonl file, or one Markdown file with
 * front matter (the same fields; the Markdown body is the text). Every item names its `type`
 * (policy / report / news) and a `sourceId`, the key that makes a second import update the item
 * instead of adding it. Values may be given as codes or as their Chinese labels (省级, 资金扶持…);
 * HTML is sanitised, Markdown rendered then sanitised. A bad item is rejected with a reason and
 * the others go on.
 */

/** Where an attachment comes from: a web link (kept as a link) or a file next to the source. */
export type AttachmentRef = { name: string; url?: string; path?: string };

/** Stores an attachment file (file storage) and answers its URL; throws a reason to reject. */
export type AttachmentStore = (ref: AttachmentRef) => Promise<ContentAttachmentRow>;

export type ParsedItem =
  | { type: 'policy'; row: PolicyWrite }
  | { type: 'report'; row: ReportWrite }
  | { type: 'news'; row: NewsWrite };

export class ImportRejection extends Error {}

const reject = (reason: string): never => {
  throw new ImportRejection(reason);
};

const text = (max: number) => z.string().trim().max(max);
const day = z
  .union([z.string(), z.date()])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v.trim()))
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
    '日期应为 YYYY-MM-DD',
  );
const optionalDay = day.nullish();
const stringList = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()])
  .transform((v) =>
    (Array.isArray(v) ? v.map(String) : v.split(/[,，、\s]+/)).map((s) => s.trim()).filter(Boolean),
  );
const attachmentList = z
  .array(
    z.object({
      name: text(200).min(1),
      url: z.string().trim().max(2000).optional(),
      path: z.string().trim().max(500).optional(),
    }),
  )
  .max(20)
  .default([]);

const common = {
  sourceId: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  title: text(300).min(1, '缺少标题'),
  html: z.string().max(2_000_000).optional(),
  bodyHtml: z.string().max(2_000_000).optional(),
  markdown: z.string().max(2_000_000).optional(),
  body: z.string().max(2_000_000).optional(),
  summary: text(2000).optional(),
  industries: stringList.optional(),
  publishDate: day,
  sourceUrl: z.string().trim().max(2000).nullish(),
};

const policySchema = z.object({
  type: z.literal('policy'),
  ...common,
  issuer: text(200).min(1, '缺少发文机关'),
  docNo: text(100).nullish(),
  level: z.string(),
  region: z.union([z.string(), z.number()]).nullish(),
  kind: z.string(),
  effectiveDate: optionalDay,
  expiryDate: optionalDay,
  applyStart: optionalDay,
  applyEnd: optionalDay,
  interpretationHtml: z.string().max(500_000).optional(),
  interpretation: z.string().max(500_000).optional(),
  attachments: attachmentList,
  subsidies: z
    .array(
      z.object({
        sourceId: z.union([z.string(), z.number()]).optional(),
        name: text(200).min(1),
        amountMinFen: z.number().int().nonnegative().nullish(),
        amountMaxFen: z.number().int().nonnegative().nullish(),
        applyStart: optionalDay,
        applyEnd: optionalDay,
        conditions: z.array(text(500)).max(50).default([]),
        materials: z.array(text(500)).max(50).default([]),
        supportContent: text(5000).default(''),
        targetProfile: z.unknown().optional(),
      }),
    )
    .max(20)
    .default([]),
});

const reportSchema = z.object({
  type: z.literal('report'),
  ...common,
  kind: z.string().default('yjbg'),
  institution: text(200).min(1, '缺少发布机构'),
  chainCode: z.string().trim().nullish(),
  topics: stringList.optional(),
  pages: z.coerce.number().int().min(0).max(100_000).nullish(),
  charts: z.array(chartSchema).max(20).default([]),
  attachments: attachmentList,
  coverUrl: z.string().trim().max(2000).nullish(),
});

const newsSchema = z.object({
  type: z.literal('news'),
  ...common,
  source: text(200).min(1, '缺少来源'),
  category: z.string(),
  topics: stringList.optional(),
});

const itemSchema = z.discriminatedUnion('type', [policySchema, reportSchema, newsSchema]);

/** A list value given as its code or its label. */
function oneOf<T extends string>(
  list: readonly { value: T; label: string }[],
  raw: string,
  what: string,
): T {
  const v = raw.trim();
  return list.find((x) => x.value === v || x.label === v)?.value ?? reject(`${what}“${v}”无效`);
}

function industriesOf(raw: string[] | undefined): string[] {
  const out = new Set<string>();
  for (const c of raw ?? []) {
    const code = c.toUpperCase();
    const ind = getIndustry(code);
    if (!ind) reject(`行业代码“${c}”无效`);
    out.add(code);
    // A division brings its section so section filters find it.
    if (ind?.level === 2 && ind.parentCode) out.add(ind.parentCode);
  }
  return [...out];
}

function topicsOf(raw: string[] | undefined): string[] {
  return (raw ?? []).map(
    (t) =>
      HEALTH_TOPICS.find((h) => h.slug === t || h.name === t)?.slug ?? reject(`专题“${t}”无效`),
  );
}

function webUrl(raw: string | null | undefined, what: string): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.toString();
  } catch {
    // falls through
  }
  return reject(`${what}不是有效的 http(s) 地址`);
}

/** Sanitised HTML of an item's text: HTML fields as given, Markdown rendered first. */
function bodyOf(
  item: { html?: string; bodyHtml?: string; markdown?: string; body?: string },
  renderMarkdown: (md: string) => string,
): { html: string; text: string } {
  const raw =
    item.bodyHtml ??
    item.html ??
    (item.markdown !== undefined || item.body !== undefined
      ? renderMarkdown(item.markdown ?? item.body ?? '')
      : '');
  const html = sanitizeContentHtml(raw);
  const textOf = htmlToText(html);
  if (!textOf) reject('正文为空');
  return { html, text: textOf };
}

function summaryOf(given: string | undefined, body: string): string {
  const s = (given ?? '').trim() || body.split('\n').find((l) => l.length > 10) || body;
  return s.slice(0, 500);
}

function windowOf(start: string | null | undefined, end: string | null | undefined) {
  if (start && end && start > end) reject('申报开始日期晚于截止日期');
  return { applyStart: start ?? null, applyEnd: end ?? null };
}

async function attachmentsOf(
  refs: AttachmentRef[],
  store: AttachmentStore,
): Promise<ContentAttachmentRow[]> {
  const out: ContentAttachmentRow[] = [];
  for (const ref of refs) {
    if (ref.url)
      out.push({ name: ref.name, url: webUrl(ref.url, `附件“${ref.name}”`)!, size: null });
    else if (ref.path) out.push(await store(ref));
    else reject(`附件“${ref.name}”缺少 url 或 path`);
  }
  return out;
}

/** The profile 匹配企业 runs: as given, or the policy's region and industry sections. */
function profileOf(
  given: unknown,
  regionCode: string | null,
  industries: string[],
): AdvancedSearchCondition {
  if (given !== undefined && given !== null) {
    const parsed = advancedSearchConditionSchema.safeParse(given);
    if (!parsed.success) reject('补贴的目标企业画像（targetProfile）格式不正确');
    return parsed.data!;
  }
  const conditions: AdvancedSearchCondition['groups'][number]['conditions'] = [
    { field: 'status', op: 'in', values: ['存续', '在业'] },
  ];
  if (regionCode) conditions.push({ field: 'region', op: 'in', values: [regionCode] });
  const sections = industries.filter((c) => /^[A-T]$/.test(c));
  if (sections.length) conditions.push({ field: 'industry', op: 'in', values: sections });
  return { logic: 'and', groups: [{ logic: 'and', conditions }] };
}

/**
 * One raw item (a parsed JSON line or front matter + Markdown body) → a row to write. Throws
 * ImportRejection with a Chinese reason for a bad item.
 */
export async function parseImportItem(
  raw: unknown,
  opts: { renderMarkdown: (md: string) => string; storeAttachment: AttachmentStore },
): Promise<ParsedItem> {
  const parsed = itemSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}：` : '';
    reject(`${where}${issue?.message ?? '格式不正确'}`);
  }
  const item = parsed.data!;
  if (!item.sourceId) reject('缺少 sourceId');
  if (item.sourceId.startsWith('demo:')) reject('sourceId 不能以 demo: 开头（演示数据保留）');
  const body = bodyOf(item, opts.renderMarkdown);
  const sourceUrl = webUrl(item.sourceUrl, '原文链接');

  if (item.type === 'policy') {
    const level = oneOf(POLICY_LEVELS, item.level, '层级');
    const kind = oneOf(POLICY_KINDS, item.kind, '政策类别');
    const regionRaw = item.region === null || item.region === undefined ? '' : String(item.region);
    const region = regionRaw ? getRegion(regionRaw.trim()) : undefined;
    if (regionRaw && !region) reject(`地区代码“${regionRaw}”无效`);
    if (level !== 'national' && !region) reject('非国家级政策须填写地区代码（region）');
    const path = region ? regionPath(region.code) : [];
    const industries = industriesOf(item.industries);
    const interpretationRaw =
      item.interpretationHtml ??
      (item.interpretation !== undefined ? opts.renderMarkdown(item.interpretation) : '');
    const window = windowOf(item.applyStart, item.applyEnd);
    const subsidies = item.subsidies.map((s, i) => {
      if (
        s.amountMinFen !== null &&
        s.amountMinFen !== undefined &&
        s.amountMaxFen !== null &&
        s.amountMaxFen !== undefined &&
        s.amountMinFen > s.amountMaxFen
      )
        reject(`补贴“${s.name}”的最低金额大于最高金额`);
      const w = windowOf(s.applyStart ?? item.applyStart, s.applyEnd ?? item.applyEnd);
      return {
        sourceId: s.sourceId !== undefined ? String(s.sourceId) : `${item.sourceId}#${i + 1}`,
        name: s.name,
        amountMinFen: s.amountMinFen ?? null,
        amountMaxFen: s.amountMaxFen ?? null,
        ...w,
        conditions: s.conditions,
        materials: s.materials,
        supportContent: s.supportContent,
        targetProfile: profileOf(s.targetProfile, region?.code ?? null, industries),
      };
    });
    return {
      type: 'policy',
      row: {
        sourceId: item.sourceId,
        title: item.title,
        issuer: item.issuer,
        docNo: item.docNo ?? null,
        level,
        regionCode: region?.code ?? null,
        provinceCode: path[0]?.code ?? '000000',
        cityCode: path[1]?.code ?? null,
        industries,
        kind,
        publishDate: item.publishDate,
        effectiveDate: item.effectiveDate ?? null,
        expiryDate: item.expiryDate ?? null,
        ...window,
        summary: summaryOf(item.summary, body.text),
        bodyHtml: body.html,
        bodyText: body.text,
        interpretationHtml: interpretationRaw ? sanitizeContentHtml(interpretationRaw) : '',
        attachments: await attachmentsOf(item.attachments, opts.storeAttachment),
        sourceUrl,
        demo: false,
        subsidies,
      },
    };
  }
  if (item.type === 'report') {
    const kind = oneOf(REPORT_KINDS, item.kind, '报告类型');
    const chain = item.chainCode ? getIndustryChain(item.chainCode) : undefined;
    if (item.chainCode && !chain) reject(`产业链代码“${item.chainCode}”无效`);
    return {
      type: 'report',
      row: {
        sourceId: item.sourceId,
        kind,
        title: item.title,
        institution: item.institution,
        chainCode: chain?.code ?? null,
        industries: industriesOf(item.industries),
        topics: topicsOf(item.topics),
        publishDate: item.publishDate,
        pages: item.pages ?? null,
        summary: summaryOf(item.summary, body.text),
        bodyHtml: body.html,
        bodyText: body.text,
        charts: item.charts,
        attachments: await attachmentsOf(item.attachments, opts.storeAttachment),
        coverUrl: webUrl(item.coverUrl, '封面地址'),
        sourceUrl,
        demo: false,
      },
    };
  }
  return {
    type: 'news',
    row: {
      sourceId: item.sourceId,
      title: item.title,
      source: item.source,
      category: oneOf(NEWS_CATEGORIES, item.category, '资讯分类'),
      industries: industriesOf(item.industries),
      topics: topicsOf(item.topics),
      publishDate: item.publishDate,
      summary: summaryOf(item.summary, body.text),
      bodyHtml: body.html,
      bodyText: body.text,
      sourceUrl,
      demo: false,
    },
  };
}
