import 'server-only';
import { AI_QUERY_MAX } from '@/lib/shared/ai/ai.constants';
import { formatTotal } from '@/lib/shared/search/total-text';
import { defaultQueries } from './ai-recommend';

/** The assistant's own words when no model writes them (and around what the model writes). */

export function formatCount(total: number, capped: boolean): string {
  return `${formatTotal(total, capped)} 家`;
}

/** The request as it is understood: trimmed and cut to AI_QUERY_MAX characters. */
export function normaliseQuery(raw: string | undefined): { query: string; cut: boolean } {
  const chars = Array.from((raw ?? '').replace(/\u0000/g, '').trim());
  return { query: chars.slice(0, AI_QUERY_MAX).join(''), cut: chars.length > AI_QUERY_MAX };
}

/** Only emoji, symbols, punctuation and spaces: nothing to understand. */
export function isEmojiOnly(text: string): boolean {
  return text.length > 0 && !/[\p{L}\p{N}]/u.test(text);
}

export const CUT_NOTE = `请求较长，只理解了前 ${AI_QUERY_MAX} 个字`;

/** get-reply-content: the line shown while the search runs. */
export function replyContentText(query: string, recognized: boolean, chipLabels: string[]) {
  if (!query) return '请告诉我您想找什么样的企业，我来帮您搜索。';
  if (!recognized) return '收到，我来看看能为您做些什么…';
  const shown = chipLabels.slice(0, 4).join('、');
  return shown ? `好的，正在按「${shown}」为您查找企业…` : '好的，正在为您查找企业…';
}

/** A search reply's text: what was searched, how many were found, notes and a next step. */
export function searchReplyText(r: {
  chipLabels: string[];
  keyword: string | null;
  total: number;
  totalCapped: boolean;
  notes: string[];
  edited: boolean;
}): string {
  const parts: string[] = [];
  const what = [...r.chipLabels, ...(r.keyword ? [`关键词：${r.keyword}`] : [])];
  const lead = r.edited ? '已按修改后的条件重新搜索' : '已为您搜索';
  parts.push(
    what.length
      ? `${lead}，条件为 ${what.join('；')}，共找到 ${formatCount(r.total, r.totalCapped)}企业。`
      : `${lead}，共找到 ${formatCount(r.total, r.totalCapped)}企业。`,
  );
  for (const n of r.notes) parts.push(n.endsWith('。') ? n : `${n}。`);
  if (r.total === 0) parts.push('没有找到符合条件的企业，可以删除或修改上面的条件再试试。');
  else parts.push('点击条件可以修改或删除，也可以把结果加入线索或导出。');
  return parts.join('\n');
}

/** A guidance reply: nothing searchable was understood. */
export function guidanceText(query: string, notes: string[]): string {
  const example = defaultQueries()[0]?.query ?? '';
  const lines: string[] = [];
  if (!query) lines.push('您还没有输入要找的企业。');
  else if (isEmojiOnly(query)) lines.push('我看到了您的表情，不过还不知道您想找什么企业。');
  else lines.push('抱歉，我没能从这句话里识别出搜索条件。');
  // The parser's own example lines are replaced by the one below.
  for (const n of notes.filter((x) => !/可以这样说|例如/.test(x)))
    lines.push(n.endsWith('。') ? n : `${n}。`);
  lines.push(
    '您可以告诉我地区、行业、注册资本、成立年限、企业标签或联系方式等要求，例如：',
    `「${example}」`,
  );
  return lines.join('\n');
}

/** Suggestions shown under a guidance reply. */
export function guidanceSuggestions(): string[] {
  return defaultQueries()
    .slice(0, 4)
    .map((q) => q.query);
}
