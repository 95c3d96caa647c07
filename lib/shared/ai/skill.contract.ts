import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { CONSOLE_PERMISSIONS } from '@/lib/shared/console/console.contract';
import { rankedCompanySchema } from '@/lib/shared/enterprise/ranked-company';
import { employeeConfigSchema } from './employee-config';

/*
 * The AI employee's skills at work (issue 34 item 2, /digitalEmployeeDetail?key=N): run a skill
 * (the caller's edition must reach the skill's lowest edition), its member's last results, and
 * the daily schedule that runs it again and sends a message when new companies appear. The
 * configuration document (item 3) that words and gates the skills is served here too.
 */

export const SKILL_DETAIL_PATH = '/digitalEmployeeDetail';
/** Companies a run keeps (the detail page shows them all). */
export const SKILL_RESULT_LIMIT = 20;
export const SKILL_NEW_COMPANIES_KIND = 'skill_new_companies';

export function skillDetailHref(key: number): string {
  return `${SKILL_DETAIL_PATH}?key=${key}`;
}

const skillKey = z.coerce
  .number({ error: '技能编号须为 1-10' })
  .int('技能编号须为 1-10')
  .min(1, '技能编号须为 1-10')
  .max(10, '技能编号须为 1-10');

export const skillCompanySchema = rankedCompanySchema
  .pick({
    id: true,
    name: true,
    uncid: true,
    regionName: true,
    industryName: true,
    regCapital: true,
    establishDate: true,
  })
  .extend({
    /** Why the skill found it. */
    reason: z.string(),
    /** Not in the member's previous run of this skill. */
    isNew: z.boolean(),
  });
export type SkillCompany = z.infer<typeof skillCompanySchema>;

export const skillRunViewSchema = z.object({
  skillKey: z.number().int(),
  runAt: z.string(),
  trigger: z.enum(['manual', 'schedule']),
  total: z.number().int(),
  newCount: z.number().int(),
  list: z.array(skillCompanySchema),
  /** What the run could not do, or where its list came from, in Chinese. */
  notice: z.string().nullable(),
});
export type SkillRunView = z.infer<typeof skillRunViewSchema>;

export const skillScheduleViewSchema = z.object({
  active: z.boolean(),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  /** Why a schedule stopped by itself (the edition no longer has the skill, …). */
  stoppedReason: z.string().nullable(),
});
export type SkillScheduleView = z.infer<typeof skillScheduleViewSchema>;

export const skillSummarySchema = z.object({
  key: z.number().int(),
  name: z.string(),
  summary: z.string(),
  result: z.string(),
  examples: z.array(z.string()),
  minEdition: z.number().int(),
  editionName: z.string(),
  /** The caller's edition is below the skill's. */
  locked: z.boolean(),
  task: z.enum(['outreach', 'export']).nullable(),
});
export type SkillSummary = z.infer<typeof skillSummarySchema>;

export const skillDetailSchema = z.object({
  skills: z.array(skillSummarySchema),
  skill: skillSummarySchema,
  lastRun: skillRunViewSchema.nullable(),
  schedule: skillScheduleViewSchema.nullable(),
});
export type SkillDetail = z.infer<typeof skillDetailSchema>;

const tags = ['AI 数字员工'];

export const digitalEmployeeSkillGet = defineContract({
  method: 'GET',
  path: '/shuzhituoke/digital-employee/skill/get',
  summary:
    '数字员工技能详情：十项技能（按本租户版本标明是否锁定）、所选技能、本人上次运行结果和每日运行计划',
  tags,
  access: 'tenant',
  query: z.object({ key: skillKey.default(1) }),
  response: skillDetailSchema,
});

export const digitalEmployeeSkillRun = defineContract({
  method: 'POST',
  path: '/shuzhituoke/digital-employee/skill/run',
  summary:
    '运行数字员工技能：按技能数据发起的查询找出企业并说明理由（版本不足时拒绝并说明所需版本）；结果保存为本人该技能的上次结果',
  tags,
  access: 'tenant',
  expensive: true,
  body: z.object({ key: skillKey }),
  response: skillRunViewSchema,
});

export const digitalEmployeeSkillSchedule = defineContract({
  method: 'POST',
  path: '/shuzhituoke/digital-employee/skill/schedule',
  summary: '数字员工技能每日运行：开启（每天运行一次，出现新企业时发消息到消息中心）或停止',
  tags,
  access: 'tenant',
  body: z.object({ key: skillKey, enabled: z.boolean({ error: '请说明开启或停止' }) }),
  response: skillScheduleViewSchema,
});

/** Where this app serves the document (what AI_EMPLOYEE_CONFIG_URL replaces). */
export const EMPLOYEE_CONFIG_DOC_PATH = '/admin-api/shuzhituoke/digital-employee/config';

export const digitalEmployeeConfig = defineContract({
  method: 'GET',
  path: '/shuzhituoke/digital-employee/config',
  summary: '数字员工配置文档（技能、问候语、示例；JSON，带 ETag，If-None-Match 相同时答 304）',
  tags,
  access: 'public',
  responseKind: 'raw',
  response: employeeConfigSchema,
});

export const employeeConfigStatusSchema = z.object({
  config: employeeConfigSchema,
  etag: z.string(),
  /** 'local': this app's own document; 'url': fetched from AI_EMPLOYEE_CONFIG_URL. */
  source: z.enum(['local', 'url']),
  url: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Why the last read of the document was refused (the last good one is in use), or null. */
  lastError: z.string().nullable(),
});
export type EmployeeConfigStatus = z.infer<typeof employeeConfigStatusSchema>;

const EMPLOYEE_CONFIG_PERMISSION = CONSOLE_PERMISSIONS.aiEmployeeConfig;

export const digitalEmployeeConfigStatus = defineContract({
  method: 'GET',
  path: '/system/digital-employee/config',
  summary: '平台：数字员工配置文档的当前内容、来源和最近一次读取失败的原因',
  tags,
  access: 'user',
  permission: EMPLOYEE_CONFIG_PERMISSION,
  response: employeeConfigStatusSchema,
});

export const digitalEmployeeConfigUpdate = defineContract({
  method: 'PUT',
  path: '/system/digital-employee/config',
  summary: '平台：保存数字员工配置文档（校验后生效，记入审计日志）',
  tags,
  access: 'user',
  permission: EMPLOYEE_CONFIG_PERMISSION,
  body: z.object({ config: z.unknown() }),
  response: employeeConfigStatusSchema,
});
