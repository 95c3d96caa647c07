import type { EditionId } from '@/lib/shared/vip/editions';
import type { AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import type { SortKey } from '@/lib/shared/search/filters';

/**
 * What running a skill starts (issue 34 item 2): the search it runs over the company data, each
 * answered by an existing service (ai/skills/skill-run.ts), and for 9 and 10 the task the found
 * companies can go on to. Data, so a new skill is a new entry, not a new code path.
 */
export type SkillRun =
  /** The tenant's customer portrait (画像推荐's ranking). */
  | { kind: 'portrait' }
  /** The leading companies of an industry chain's nodes, upstream to downstream. */
  | { kind: 'chain'; chain: string }
  /** The companies inside the park whose name best matches. */
  | { kind: 'park'; park: string }
  /** The latest financing events. */
  | { kind: 'financed' }
  /** 产业招商's ranking of companies likely to expand into a region. */
  | { kind: 'expansion'; region: string; industry: string }
  /** Companies carrying the tags the tenant's customers carry most. */
  | { kind: 'sharedTags' }
  /** An advanced search; `reason` says why each found company is in the list. */
  | { kind: 'search'; condition: AdvancedSearchCondition; sort?: SortKey; reason: string };

/** What the found companies can go on to (the detail page's action). */
export type SkillTask = 'outreach' | 'export';

/**
 * The AI employee's skills (spec 3: ten named skills keyed 1 to 10; issue 34): data, not code
 * paths. Each says what it does, the requests that start it in the AI assistant (its examples are
 * sentences the assistant understands), what it produces and the lowest edition that may use it.
 */
export type AiSkill = {
  key: number;
  name: string;
  summary: string;
  /** What the member gets, in one line (the page's 「得到」). */
  result: string;
  /** Requests that start the skill in /ai; the first is the one 试一试 fills in. */
  examples: readonly string[];
  /** The lowest edition that may use it (0 免费版 … 4 企业版). */
  minEdition: EditionId;
  run: SkillRun;
  task?: SkillTask;
};

const cond = (...conditions: AdvancedSearchCondition['groups'][number]['conditions']) => ({
  logic: 'and' as const,
  groups: [{ logic: 'and' as const, conditions }],
});

export const AI_SKILLS: readonly AiSkill[] = [
  {
    key: 1,
    name: '画像找客',
    summary: '按行业、地区、规模和成立年限描述理想客户，AI 员工把条件整理好并给出匹配的企业。',
    result: '符合画像的企业名单与条件说明',
    examples: [
      '帮我找杭州的软件开发企业，注册资本 500 万以上',
      '找深圳成立 3 年以内的人工智能企业',
    ],
    minEdition: 0,
    run: { kind: 'portrait' },
  },
  {
    key: 2,
    name: '产业链上下游',
    summary: '从一个产业环节出发，找它的上游供应商和下游买家所在的行业与企业。',
    result: '上下游环节的企业与所在地区',
    examples: ['找江苏的新能源汽车零部件企业', '找广东的集成电路设计企业'],
    minEdition: 1,
    run: { kind: 'chain', chain: 'CY001' },
  },
  {
    key: 3,
    name: '园区企业',
    summary: '列出园区、楼宇里的企业，按行业和规模筛选，适合地推和驻场拜访。',
    result: '园区内企业的行业构成与名单',
    examples: ['找苏州工业园区的制造业企业', '找上海浦东新区的科技企业'],
    minEdition: 1,
    run: { kind: 'park', park: '软件园' },
  },
  {
    key: 4,
    name: '政策匹配',
    summary: '找出可能符合某项补贴或资质政策的企业，便于提供申报服务。',
    result: '可能符合政策条件的企业',
    examples: ['找北京的高新技术企业', '找成都的专精特新企业'],
    minEdition: 2,
    run: {
      kind: 'search',
      condition: cond({
        field: 'tag',
        op: 'in',
        values: ['高新技术企业', '专精特新', '科技型中小企业'],
      }),
      sort: 'dateDesc',
      reason: '带有高新技术、专精特新或科技型中小企业标签，可能符合资质类政策',
    },
  },
  {
    key: 5,
    name: '新获融资',
    summary: '盯住近期完成融资的企业：刚拿到钱的公司往往在招人、采购和扩张。',
    result: '近期融资企业与轮次',
    examples: ['找最近一年获得融资的杭州企业', '找上海获得 A 轮融资的医疗企业'],
    minEdition: 2,
    run: { kind: 'financed' },
  },
  {
    key: 6,
    name: '新成立企业',
    summary: '新公司需要办公、财税、招聘和软件服务，AI 员工按地区和行业列出新注册的企业。',
    result: '新成立企业名单',
    examples: ['找广州今年新成立的企业', '找南京成立 1 年以内的餐饮企业'],
    minEdition: 0,
    run: {
      kind: 'search',
      condition: cond({ field: 'establishBand', op: 'in', values: ['lt1'] }),
      sort: 'dateDesc',
      reason: '成立 1 年以内',
    },
  },
  {
    key: 7,
    name: '区域扩张',
    summary: '找正在向某个城市或省份扩张的企业：新开分支、增资扩员、融资在手。',
    result: '可能落地目标区域的企业与理由',
    examples: ['找正在扩张的物流企业', '找注册资本 1000 万以上的武汉制造业企业'],
    minEdition: 3,
    run: { kind: 'expansion', region: '420100', industry: 'C' },
  },
  {
    key: 8,
    name: '竞品客户',
    summary: '按与竞品客户相同的标签、行业和规模，找还没被你服务的同类企业。',
    result: '与竞品客户相似的企业',
    examples: ['找和我的客户同行业的深圳企业', '找西安的软件和信息技术服务企业'],
    minEdition: 3,
    run: { kind: 'sharedTags' },
  },
  {
    key: 9,
    name: '批量加微',
    summary: '对选中的企业发起加微任务：按每日上限逐个添加已解锁的手机号，结果回到消息中心。',
    result: '加微任务的进度与通过、拒绝、失败明细',
    examples: ['找杭州的电商企业，注册资本 100 万以上'],
    minEdition: 4,
    run: {
      kind: 'search',
      condition: cond(
        { field: 'hasPhone', op: 'is' },
        { field: 'capitalBand', op: 'in', values: ['100-500', '500-1000', '1000-5000'] },
      ),
      sort: 'dateDesc',
      reason: '有电话、注册资本 100 万至 5000 万，适合加微',
    },
    task: 'outreach',
  },
  {
    key: 10,
    name: '名单导出',
    summary: '把找到的企业连同已解锁的联系方式导出为 Excel，直接交给销售团队。',
    result: '.xlsx 名单（在下载中心领取）',
    examples: ['找厦门的外贸企业'],
    minEdition: 1,
    run: {
      kind: 'search',
      condition: cond(
        { field: 'hasPhone', op: 'is' },
        { field: 'status', op: 'in', values: ['存续'] },
      ),
      sort: 'capitalDesc',
      reason: '存续且有电话，可导出联系方式',
    },
    task: 'export',
  },
];

export function getAiSkill(key: number): AiSkill | undefined {
  return AI_SKILLS.find((s) => s.key === key);
}
