import 'server-only';
import type { AdvancedCondition, AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import { parseRequest } from './parse';
import { conditionChipsOf } from './chips';

export type Understanding = {
  /** Groups empty when nothing usable was understood. */
  condition: AdvancedSearchCondition;
  /** Leftover topic words (e.g. 新能源 when not an industry), searched as name/scope keyword. */
  keyword?: string;
  /** False for empty / emoji-only / nonsense requests. */
  recognized: boolean;
  /** Chinese notes for the reply, e.g. 「未识别：xxx」, 「已忽略：…」. */
  notes: string[];
};

/** The built-in parser (pure and synchronous; see parse.ts for the steps). */
export function understandRequest(text: string): Understanding {
  return parseRequest(text);
}

export type ConditionChip = { key: string; label: string; condition: AdvancedCondition };

/** One chip per condition, Chinese label such as 地区：深圳市南山区 / 注册资本：1000万以上. */
export function conditionChips(condition: AdvancedSearchCondition): ConditionChip[] {
  return conditionChipsOf(condition);
}

export { warmUp } from './parse';
