/**
 * Scoring of understanding against the accuracy set (test/fixtures/ai-requests/requests.jsonl):
 * exact match of the whole condition set (plus keyword and, for bad input, recognized = false) and
 * per-field precision / recall over the conditions. Used by the unit test and `npm run bench:ai`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AdvancedCondition, AdvancedSearchCondition } from '@/lib/shared/search/advanced';

export type Expected = {
  conditions: AdvancedCondition[];
  keyword?: string;
  recognized?: boolean;
};

export type AccuracyCase = { id: number; category: string; text: string; expected: Expected };

export type Predicted = {
  condition: AdvancedSearchCondition;
  keyword?: string;
  recognized: boolean;
};

export const ACCURACY_SET = path.join(process.cwd(), 'test/fixtures/ai-requests/requests.jsonl');

export function loadAccuracySet(file = ACCURACY_SET): AccuracyCase[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as AccuracyCase);
}

/** A condition as a comparable string; option values compare as a set. */
export function conditionKey(c: AdvancedCondition): string {
  const parts: string[] = [c.field, c.op];
  if (c.values) parts.push([...c.values].sort().join(','));
  if (c.value !== undefined) parts.push(c.value.trim().toLowerCase());
  if (c.min !== undefined || c.max !== undefined) parts.push(`${c.min ?? ''}..${c.max ?? ''}`);
  return parts.join('|');
}

function keywordKey(k: string | undefined): string | null {
  const words = (k ?? '').split(/\s+/).filter(Boolean).sort();
  return words.length ? `keyword|${words.join(' ')}` : null;
}

function items(conditions: AdvancedCondition[], keyword: string | undefined) {
  const out = conditions.map((c) => ({ field: c.field as string, key: conditionKey(c) }));
  const k = keywordKey(keyword);
  if (k) out.push({ field: 'keyword', key: k });
  return out;
}

export type FieldScore = {
  field: string;
  predicted: number;
  expected: number;
  correct: number;
  precision: number;
  recall: number;
};

export type CaseResult = {
  id: number;
  text: string;
  exact: boolean;
  missing: string[];
  extra: string[];
};

export type AccuracyReport = {
  total: number;
  exact: number;
  exactRate: number;
  fields: FieldScore[];
  cases: CaseResult[];
};

export function scoreCase(c: AccuracyCase, p: Predicted): CaseResult {
  const predicted = items(
    p.condition.groups.flatMap((g) => g.conditions),
    p.keyword,
  ).map((x) => x.key);
  const expected = items(c.expected.conditions, c.expected.keyword).map((x) => x.key);
  const missing = expected.filter((k) => !predicted.includes(k));
  const extra = predicted.filter((k) => !expected.includes(k));
  const recognizedOk = c.expected.recognized === false ? !p.recognized : p.recognized;
  if (!recognizedOk) (c.expected.recognized === false ? extra : missing).push('recognized');
  return { id: c.id, text: c.text, exact: !missing.length && !extra.length, missing, extra };
}

export function scoreAll(
  cases: AccuracyCase[],
  predict: (text: string) => Predicted,
): AccuracyReport {
  const byField = new Map<string, { predicted: number; expected: number; correct: number }>();
  const bump = (field: string, k: 'predicted' | 'expected' | 'correct') => {
    const f = byField.get(field) ?? { predicted: 0, expected: 0, correct: 0 };
    f[k]++;
    byField.set(field, f);
  };
  const results: CaseResult[] = [];
  for (const c of cases) {
    const p = predict(c.text);
    results.push(scoreCase(c, p));
    const pred = items(
      p.condition.groups.flatMap((g) => g.conditions),
      p.keyword,
    );
    const exp = items(c.expected.conditions, c.expected.keyword);
    for (const x of pred) {
      bump(x.field, 'predicted');
      if (exp.some((e) => e.key === x.key)) bump(x.field, 'correct');
    }
    for (const x of exp) bump(x.field, 'expected');
  }
  const fields = [...byField.entries()]
    .map(([field, f]) => ({
      field,
      ...f,
      precision: f.predicted ? f.correct / f.predicted : 1,
      recall: f.expected ? Math.min(1, f.correct / f.expected) : 1,
    }))
    .sort((a, b) => b.expected - a.expected || a.field.localeCompare(b.field));
  const exact = results.filter((r) => r.exact).length;
  return { total: cases.length, exact, exactRate: exact / cases.length, fields, cases: results };
}
