import { z } from 'zod';
import { AI_SKILLS, type AiSkill } from './skills';

/**
 * The AI employee's configuration document (issue 34 item 3, ADR 0204): the skills' names, texts,
 * examples and lowest editions, and the greetings of /digitalEmployee and /ai. Served as JSON
 * with an ETag (skill.contract.ts) (or read from AI_EMPLOYEE_CONFIG_URL) and edited by the
 * platform operator, so a deployment changes them without a build. What a skill runs stays in
 * skills.ts: the document only words and gates it.
 */

const text = (label: string, max: number) =>
  z
    .string({ message: `${label}须为文字` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}最多 ${max} 字`);

export const employeeSkillConfigSchema = z.object({
  key: z.number({ message: '技能编号须为 1-10' }).int().min(1, '技能编号须为 1-10').max(10),
  name: text('技能名称', 20),
  summary: text('技能说明', 200),
  result: text('技能结果', 100),
  examples: z
    .array(text('示例', 100), { message: '示例须为列表' })
    .min(1, '每项技能至少一个示例')
    .max(5, '每项技能最多 5 个示例'),
  minEdition: z
    .number({ message: '最低版本须为 0-4' })
    .int('最低版本须为 0-4')
    .min(0, '最低版本须为 0-4')
    .max(4, '最低版本须为 0-4'),
});
export type EmployeeSkillConfig = z.infer<typeof employeeSkillConfigSchema>;

export const employeeConfigSchema = z
  .object({
    version: z.literal(1, { message: '配置版本须为 1' }),
    /** /digitalEmployee's lead paragraph. */
    lead: text('数字员工介绍', 300),
    /** /ai's greeting and the one after a jump from /digitalEmployee. */
    greeting: text('AI 助手问候语', 60),
    welcomeBack: text('回访问候语', 60),
    skills: z.array(employeeSkillConfigSchema, { message: '技能须为列表' }),
  })
  .superRefine((c, ctx) => {
    const keys = c.skills.map((s) => s.key).sort((a, b) => a - b);
    if (keys.join(',') !== AI_SKILLS.map((s) => s.key).join(','))
      ctx.addIssue({
        code: 'custom',
        message: '技能须为编号 1-10 的十项，各出现一次',
        path: ['skills'],
      });
  });
export type EmployeeConfig = z.infer<typeof employeeConfigSchema>;

export const DEFAULT_EMPLOYEE_CONFIG: EmployeeConfig = {
  version: 1,
  lead: '用一句话交代要找什么样的客户，AI 员工把它变成查询条件，在全国企业库里筛出名单、说明理由，并能替你把名单加入线索、导出或发起加微任务。',
  greeting: '我是您的 AI 拓客助手',
  welcomeBack: '欢迎回来，我是您的 AI 拓客助手',
  skills: AI_SKILLS.map(({ key, name, summary, result, examples, minEdition }) => ({
    key,
    name,
    summary,
    result,
    examples: [...examples],
    minEdition,
  })),
};

/** The skills as the document words and gates them, with what each runs (skills.ts). */
export function configuredSkills(config: EmployeeConfig): AiSkill[] {
  return AI_SKILLS.map((skill) => {
    const c = config.skills.find((s) => s.key === skill.key);
    return c ? { ...skill, ...c, minEdition: c.minEdition as AiSkill['minEdition'] } : skill;
  });
}

/** The first problem of a document, in Chinese, or null. */
export function employeeConfigProblem(doc: unknown): string | null {
  const parsed = employeeConfigSchema.safeParse(doc);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `（${issue.path.join('.')}）` : '';
  return `${issue?.message ?? '配置格式不正确'}${where}`;
}
