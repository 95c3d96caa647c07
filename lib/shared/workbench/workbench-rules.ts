import { CHINA_OFFSET_MS, chinaDayStart } from '@/lib/shared/clue/china-day';

/**
 * Rules of 我的工作台 (issue 29 item 1) shared by the server (what it counts) and the page (what it
 * says). Days, weeks and months are China time whatever the server's or browser's time zone.
 */

const DAY = 86_400_000;

/** Monday 00:00 (China time) of the week that contains `now`: 本周 starts there. */
export function chinaWeekStart(now: number): number {
  const today = chinaDayStart(now);
  // 1970-01-01 was a Thursday: day index 0 → Thursday; Monday is index 4 (mod 7).
  const dayIndex = Math.floor((today + CHINA_OFFSET_MS) / DAY);
  const sinceMonday = (((dayIndex - 4) % 7) + 7) % 7;
  return today - sinceMonday * DAY;
}

/** The first instant of next month in China time: when the monthly unlock allowance renews. */
export function chinaNextMonthStart(now: number): number {
  const local = new Date(now + CHINA_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  return Date.UTC(y, m + 1, 1) - CHINA_OFFSET_MS;
}

export type FollowUpUrgency = 'overdue' | 'today' | 'later';

/**
 * Where a lead's next follow-up stands: 已逾期 before today (China), 今日 today, else later. Only
 * open leads (新线索, 跟进中) are followed up; others are never urgent.
 */
export function followUpUrgency(
  nextFollowTime: number | null | undefined,
  status: number,
  now: number,
): FollowUpUrgency | null {
  if (nextFollowTime == null || (status !== 0 && status !== 1)) return null;
  const today = chinaDayStart(now);
  if (nextFollowTime < today) return 'overdue';
  if (nextFollowTime < today + DAY) return 'today';
  return 'later';
}

/** Whole China days a follow-up is overdue by (1 = it was due yesterday). */
export function overdueDays(nextFollowTime: number, now: number): number {
  return Math.max(0, Math.round((chinaDayStart(now) - chinaDayStart(nextFollowTime)) / DAY));
}

/** Names of sample leads start with this mark, so they can be told apart and removed together. */
export const SAMPLE_LEAD_MARK = '【示例】';

/** The first-run sample leads: names and days from today of the next follow-up (-1 = overdue). */
export const SAMPLE_LEADS: readonly { name: string; contactName: string; followInDays: number }[] =
  [
    { name: `${SAMPLE_LEAD_MARK}厦门云帆科技有限公司`, contactName: '王经理', followInDays: -1 },
    { name: `${SAMPLE_LEAD_MARK}福州海润贸易有限公司`, contactName: '林总', followInDays: 0 },
    { name: `${SAMPLE_LEAD_MARK}泉州启航机械有限公司`, contactName: '陈女士', followInDays: 3 },
  ];

export type OnboardingStep = 'search' | 'lead' | 'followUp';

/** The three-step checklist of a new account, in order. */
export const ONBOARDING_STEPS: readonly { key: OnboardingStep; title: string; hint: string }[] = [
  { key: 'search', title: '搜索一家企业', hint: '输入企业名称或关键词，找到潜在客户' },
  { key: 'lead', title: '添加第一条线索', hint: '在搜索结果或企业详情中点“加入线索”' },
  { key: 'followUp', title: '记录一次跟进', hint: '打开线索，写下沟通内容并约定下次跟进' },
];

/** The guide shows until every step is done (sample leads do not count as real work). */
export function onboardingDone(done: Readonly<Record<OnboardingStep, boolean>>): boolean {
  return ONBOARDING_STEPS.every((s) => done[s.key]);
}

/** Percent of the month's unlock allowance used (0-100; 0 when the edition has none). */
export function quotaPercent(used: number, monthly: number): number {
  if (monthly <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / monthly) * 100));
}
