import 'server-only';
import { partLogger } from '@/lib/server/platform';
import type { AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import type { ConditionChipView } from '@/lib/shared/ai/ai.contract';
import type { AiSource } from '@/lib/shared/ai/ai.constants';
import { conditionChips, understandRequest } from '@/lib/server/search';
import { keywordConditions, sanitizeCondition } from './ai-search';
import { LlmFailure, llmSettings, understandWithModel } from './llm';

/** What send-message searches, whichever way it was understood. */
export type Resolved = {
  condition: AdvancedSearchCondition;
  keyword: string | null;
  recognized: boolean;
  notes: string[];
  source: AiSource;
  fallbackReason: string | null;
  model: string | null;
};

const EMPTY: AdvancedSearchCondition = { logic: 'and', groups: [] };

/** A keyword the search accepts (name contains), or null. */
export function usableKeyword(keyword: string | null | undefined): string | null {
  const kw = keyword?.trim();
  return kw && keywordConditions(kw).length > 0 ? Array.from(kw).slice(0, 50).join('') : null;
}

/** The built-in parser, which never fails the request: an exception counts as "not understood". */
export function understandWithParser(text: string): Resolved {
  if (!text) return { ...emptyResolved(), source: 'parser' };
  try {
    const u = understandRequest(text);
    const { condition, dropped } = sanitizeCondition(u.condition);
    const keyword = usableKeyword(u.keyword);
    return {
      condition,
      keyword,
      recognized: u.recognized && (condition.groups.length > 0 || !!keyword),
      notes: [...u.notes, ...dropped.map((d) => `已忽略：${d}`)],
      source: 'parser',
      fallbackReason: null,
      model: null,
    };
  } catch (err) {
    partLogger('ai').error(`parser failed: ${(err as Error).message}`);
    return { ...emptyResolved(), source: 'parser' };
  }
}

function emptyResolved(): Resolved {
  return {
    condition: EMPTY,
    keyword: null,
    recognized: false,
    notes: [],
    source: 'parser',
    fallbackReason: null,
    model: null,
  };
}

/**
 * The model when LLM_* is configured, else the parser. Any model failure (timeout, invalid
 * output, endpoint down) answers with the parser and says why in the notes.
 */
export async function understandForSend(text: string): Promise<Resolved> {
  const settings = llmSettings();
  if (!settings || !text) return understandWithParser(text);
  try {
    const u = await understandWithModel(text, settings);
    return {
      condition: u.condition,
      keyword: usableKeyword(u.keyword),
      recognized: u.recognized,
      notes: u.notes,
      source: 'model',
      fallbackReason: null,
      model: u.model,
    };
  } catch (err) {
    const failure =
      err instanceof LlmFailure
        ? err
        : new LlmFailure('unavailable', '模型服务暂不可用，已改用内置解析');
    if (failure.detail) partLogger('ai').warn(`model ${failure.reason}: ${failure.detail}`);
    const parsed = understandWithParser(text);
    return {
      ...parsed,
      notes: [failure.message, ...parsed.notes],
      fallbackReason: failure.message,
    };
  }
}

export const KEYWORD_CHIP_KEY = 'keyword';

/** Chips of a reply: one per condition (the parser's labels), then the keyword's. */
export function chipsOf(
  condition: AdvancedSearchCondition,
  keyword: string | null,
): ConditionChipView[] {
  let chips: ConditionChipView[] = [];
  try {
    chips = conditionChips(condition).map((c) => ({
      key: c.key,
      label: c.label,
      condition: c.condition,
    }));
  } catch (err) {
    partLogger('ai').error(`chips failed: ${(err as Error).message}`);
  }
  if (keyword)
    chips.push({
      key: KEYWORD_CHIP_KEY,
      label: `关键词：${keyword}`,
      condition: { field: 'name', op: 'contains', value: keyword },
    });
  return chips;
}
