import 'server-only';
import { AI_ENT_PAGE_SIZE, AI_MESSAGE_STATUS } from '@/lib/shared/ai/ai.constants';
import type { AiEntPage, AiMessage, KeywordAnalyze } from '@/lib/shared/ai/ai.contract';
import type { SortKey } from '@/lib/shared/search/filters';
import type { AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import { CAPITAL_BANDS } from '@/lib/shared/search/filters';
import { regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import { type TenantAuthContext, type ClientInfo, getPool } from '@/lib/server/platform';
import {
  limitSearch,
  maxResultsFor,
  compileAdvancedCondition,
  SqlParams,
} from '@/lib/server/search';
import { getOwnMessage, getOwnSearchReply, messageView, type AiOwner } from './ai-store';
import { outreachByMessage } from './outreach/outreach.service';
import { isAddWeixin, isSearchReply } from '@/lib/shared/ai/ai.constants';
import { runSearch, searchConditionOf } from './ai-search';
import { refinementsFor } from '@/lib/shared/ai/ai-refine';
import { SSE_HEADERS, sseFrame, subscribe, type StreamEvent } from './ai-stream';

const ownerOf = (auth: TenantAuthContext): AiOwner => ({
  tenantId: auth.tenantId,
  userId: auth.userId,
});

/** A page of a search reply's companies, re-run with the caller's edition depth. */
export async function replyPage(
  auth: TenantAuthContext,
  client: ClientInfo,
  ref: { taskId: number; messageId: number },
  page: { pageNo: number; pageSize: number; sort?: SortKey },
): Promise<AiEntPage> {
  const m = await getOwnSearchReply(ownerOf(auth), ref.messageId, ref.taskId);
  await limitSearch(auth, client);
  return runSearch(m.condition, m.keyword, { ...page, maxResults: await maxResultsFor(auth) });
}

export async function messageDetail(
  auth: TenantAuthContext,
  client: ClientInfo,
  ref: { taskId: number; messageId: number },
): Promise<{ message: AiMessage; page: AiEntPage | null }> {
  const m = await getOwnMessage(ownerOf(auth), ref.messageId, ref.taskId);
  const outreach = isAddWeixin(m.subType) ? await outreachByMessage([m.id]) : null;
  const message = messageView(m, outreach?.get(m.id));
  if (!isSearchReply(m.subType) || !m.condition) return { message, page: null };
  const page = await replyPage(auth, client, ref, { pageNo: 1, pageSize: AI_ENT_PAGE_SIZE });
  return { message, page };
}

const SAMPLE = 5000;

type Row = { key: string | null; n: number };

/** Keyword analysis: the reply's understanding and where its matches are (first 5,000 sampled). */
export async function keywordAnalyze(
  auth: TenantAuthContext,
  client: ClientInfo,
  messageId: number,
): Promise<KeywordAnalyze> {
  const m = await getOwnSearchReply(ownerOf(auth), messageId);
  await limitSearch(auth, client);
  const p = new SqlParams();
  const where = compileAdvancedCondition(p, searchConditionOf(m.condition, m.keyword));
  const bands = CAPITAL_BANDS.map(
    (b) =>
      `when ${[b.min === null ? null : `reg_capital >= ${b.min}`, b.max === null ? null : `reg_capital < ${b.max}`].filter(Boolean).join(' and ')} then '${b.key}'`,
  ).join(' ');
  const sample = `(select e.province_code, e.industry_section, e.reg_capital from enterprises e where ${where} order by e.weight desc, e.id limit ${SAMPLE}) s`;
  const pool = getPool();
  const top = (column: string) =>
    pool
      .query<Row>(
        `select ${column} as key, count(*)::int as n from ${sample} where ${column} is not null group by 1 order by 2 desc limit 8`,
        p.values,
      )
      .then((r) => r.rows);
  const [regions, industries, capital] = await Promise.all([
    top('province_code'),
    top('industry_section'),
    pool
      .query<Row>(
        `select case ${bands} end as key, count(*)::int as n from ${sample} where reg_capital is not null group by 1 order by 2 desc`,
        p.values,
      )
      .then((r) => r.rows),
  ]);
  const chips = (m.chips as KeywordAnalyze['chips']) ?? [];
  return {
    messageId: m.id,
    query: m.query ?? '',
    keyword: m.keyword,
    chips,
    notes: m.notes ?? [],
    total: m.total ?? 0,
    totalCapped: m.totalCapped ?? false,
    distribution: {
      region: regions
        .filter((r) => r.key)
        .map((r) => ({ key: r.key!, label: regionName(r.key) || r.key!, count: r.n })),
      industry: industries
        .filter((r) => r.key)
        .map((r) => ({ key: r.key!, label: industryName(r.key) || r.key!, count: r.n })),
      capitalBand: capital
        .filter((r) => r.key)
        .map((r) => ({
          key: r.key!,
          label: CAPITAL_BANDS.find((b) => b.key === r.key)?.label ?? r.key!,
          count: r.n,
        })),
    },
    suggestions: [],
    refinements: refinementsFor({
      total: m.total ?? 0,
      condition: m.condition as AdvancedSearchCondition,
      keyword: m.keyword,
      chips,
    }),
  };
}

const POLL_MS = 300;
const STREAM_MAX_MS = 120_000;

/**
 * message-stream: server-sent events of a reply's text. A finished reply answers `done` at once;
 * one being written here streams live; one written by another process is polled until done.
 */
export async function messageStreamResponse(
  auth: TenantAuthContext,
  ref: { taskId: number; messageId: number },
): Promise<Response> {
  const owner = ownerOf(auth);
  const first = await getOwnMessage(owner, ref.messageId, ref.taskId);
  const encoder = new TextEncoder();
  let cleanup = () => undefined as void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (e: StreamEvent) => {
        if (closed) return;
        controller.enqueue(encoder.encode(sseFrame(e)));
        if (e.event === 'done' || e.event === 'error') {
          closed = true;
          cleanup();
          controller.close();
        }
      };
      const finished = (status: number) =>
        status === AI_MESSAGE_STATUS.sent || status === AI_MESSAGE_STATUS.failed;
      if (finished(first.status)) {
        if (first.content) send({ event: 'delta', data: { text: first.content } });
        send({ event: 'done', data: messageView(first) });
        return;
      }
      const unsubscribe = subscribe(first.id, send);
      if (unsubscribe) {
        cleanup = () => unsubscribe();
        return;
      }
      // Written elsewhere (or the writer is gone): poll the stored message.
      const started = Date.now();
      let lastStatus = first.status;
      const timer = setInterval(() => {
        getOwnMessage(owner, ref.messageId, ref.taskId)
          .then((m) => {
            if (finished(m.status)) {
              if (m.content) send({ event: 'delta', data: { text: m.content } });
              send({ event: 'done', data: messageView(m) });
            } else if (m.status !== lastStatus) {
              lastStatus = m.status;
              send({ event: 'status', data: { status: m.status } });
            } else if (Date.now() - started > STREAM_MAX_MS) {
              send({ event: 'error', data: { msg: '回复超时' } });
            }
          })
          .catch(() => send({ event: 'error', data: { msg: '消息不存在' } }));
      }, POLL_MS);
      cleanup = () => clearInterval(timer);
      send({ event: 'status', data: { status: first.status } });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, { status: 200, headers: SSE_HEADERS });
}
