import 'server-only';
import { getPool, type ClientInfo } from '@/lib/server/platform';
import { effectiveEdition, getActiveTenant } from '@/lib/server/identity';
import { maxResultsFor, searchAdvanced, searchByPark } from '@/lib/server/search';
import { getChainGraph, getFinanceEventPage, getMerchantsPage } from '@/lib/server/content';
import { apiError } from '@/lib/server/platform';
import type { AiSkill, SkillRun } from '@/lib/shared/ai/skills';
import { SKILL_RESULT_LIMIT, type SkillCompany } from '@/lib/shared/ai/skill.contract';
import { getEdition, type EditionId } from '@/lib/shared/vip/editions';
import type { EnterpriseSearchHit } from '@/lib/shared/search/search.contract';
import type { RankedCompany } from '@/lib/shared/enterprise/ranked-company';
import { rankingPage } from '../recommend/recommend.routes';
import { tenantPortrait } from '../recommend/recommend.service';

/**
 * Running a skill (issue 34 item 2): each kind of SkillRun (lib/shared/ai/skills.ts) is answered
 * by the service that already owns that search — 画像推荐's ranking, the chain graph, the park
 * search, the finance events, 产业招商, advanced search — through its module's front door. Found
 * companies come back in one shape with the reason each was found.
 */

export type Found = Omit<SkillCompany, 'isNew'>;
export type SkillCaller = { auth: { userId: number; tenantId: number }; client: ClientInfo };

export async function tenantEdition(tenantId: number): Promise<EditionId> {
  return effectiveEdition(await getActiveTenant(tenantId)) as EditionId;
}

/** Throws the Chinese refusal when the tenant's edition is below the skill's. */
export async function assertSkillAllowed(skill: AiSkill, tenantId: number): Promise<void> {
  if ((await tenantEdition(tenantId)) < skill.minEdition)
    throw apiError('SKILL_LOCKED', {
      name: skill.name,
      edition: getEdition(skill.minEdition).name,
    });
}

function fromHit(h: EnterpriseSearchHit, reason: string): Found {
  return {
    id: h.id,
    name: h.name,
    uncid: h.uncid,
    regionName: [h.provinceName, h.cityName].filter((x, i, a) => x && a.indexOf(x) === i).join(''),
    industryName: h.industryName,
    regCapital: h.regCapital,
    establishDate: h.establishDate,
    reason,
  };
}

/** A ranked row (画像推荐, 产业招商) with its reasons as one line. */
function fromRanked(r: RankedCompany, reason: string): Found {
  return {
    id: r.id,
    name: r.name,
    uncid: r.uncid,
    regionName: r.regionName,
    industryName: r.industryName,
    regCapital: r.regCapital,
    establishDate: r.establishDate,
    reason,
  };
}

type Ran = { total: number; list: Found[]; notice: string | null };

async function bySearch(
  run: Extract<SkillRun, { kind: 'search' }>,
  maxResults: number,
): Promise<Ran> {
  const r = await searchAdvanced(
    {
      ...run.condition,
      sort: run.sort ?? 'relevance',
      pageNo: 1,
      pageSize: SKILL_RESULT_LIMIT,
    },
    { maxResults },
  );
  return { total: r.total, list: r.list.map((h) => fromHit(h, run.reason)), notice: r.notice };
}

/** The tenant's leads and customers among ids (competitors' customers leaves them out). */
async function alreadyTheirs(tenantId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await getPool().query<{ id: number }>(
    `select x.id::int from unnest($2::bigint[]) x(id)
      where exists (select 1 from clues c where c.tenant_id = $1 and c.enterprise_id = x.id and c.deleted_at is null)
         or exists (select 1 from customers k where k.tenant_id = $1 and k.enterprise_id = x.id and k.deleted_at is null)`,
    [tenantId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

const top = (tally: Map<string, number>, n: number) =>
  [...tally.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k]) => k);

/** Runs one skill's search for a member; the edition check is the caller's (runSkill). */
export async function findCompanies(skill: AiSkill, caller: SkillCaller): Promise<Ran> {
  const run = skill.run;
  const { tenantId } = caller.auth;
  const maxResults = await maxResultsFor(caller.auth);
  switch (run.kind) {
    case 'search':
      return bySearch(run, maxResults);
    case 'portrait': {
      const page = await rankingPage(
        tenantId,
        { pageNo: 1, pageSize: SKILL_RESULT_LIMIT },
        maxResults,
      );
      return {
        total: page.total,
        list: page.list.map((r) =>
          fromRanked(
            r,
            `匹配度 ${Math.round(r.score)} 分：${r.reasons.map((x) => x.text).join('；')}`,
          ),
        ),
        notice:
          page.notice ??
          (page.portrait.source === 'none'
            ? '尚无客户或线索，无法生成客户画像；请先在「画像推荐」回答三个问题'
            : null),
      };
    }
    case 'chain': {
      const graph = await getChainGraph(run.chain);
      if (!graph) return { total: 0, list: [], notice: '产业链不存在' };
      const seen = new Set<number>();
      const list: Found[] = [];
      for (const node of graph.nodes)
        for (const l of node.leaders)
          if (!seen.has(l.id) && list.length < SKILL_RESULT_LIMIT) {
            seen.add(l.id);
            list.push({
              id: l.id,
              name: l.name,
              uncid: l.uncid,
              regionName: l.regionName,
              industryName: node.classes.map((c) => c.name).join('、'),
              regCapital: l.regCapital,
              establishDate: null,
              reason: `「${graph.name}」产业链${node.stage}·${node.name}的龙头企业`,
            });
          }
      return { total: graph.total, list, notice: `「${graph.name}」产业链各环节的龙头企业` };
    }
    case 'park': {
      const r = await searchByPark(
        {
          keyword: run.park,
          filters: {},
          sort: 'relevance',
          pageNo: 1,
          pageSize: SKILL_RESULT_LIMIT,
        },
        { maxResults },
      );
      const where = r.park ? `位于「${r.park.name}」园区内` : `注册地址含「${run.park}」`;
      return { total: r.total, list: r.list.map((h) => fromHit(h, where)), notice: r.notice };
    }
    case 'financed': {
      const page = await getFinanceEventPage({
        pageNo: 1,
        pageSize: SKILL_RESULT_LIMIT,
        sort: 'date_desc',
      });
      return {
        total: page.total,
        list: page.rows.map((e) => ({
          id: e.company.id,
          name: e.company.name,
          uncid: e.company.uncid,
          regionName: e.regionName,
          industryName: e.industryName,
          regCapital: null,
          establishDate: null,
          reason: `${e.date} 完成${e.round}融资${e.amount ? `（${e.amount}）` : ''}`,
        })),
        notice: null,
      };
    }
    case 'expansion': {
      const page = await getMerchantsPage(
        {
          region: run.region,
          industry: run.industry,
          signals: [],
          origin: '',
          pageNo: 1,
          pageSize: SKILL_RESULT_LIMIT,
        },
        caller,
      );
      return {
        total: page.total,
        list: page.rows.map((r) =>
          fromRanked(r, `可能落地${page.region.name}：${r.reasons.map((x) => x.text).join('；')}`),
        ),
        notice: `${page.region.name}·${page.subject.name}：最可能向该地区扩张的企业`,
      };
    }
    case 'sharedTags': {
      const asOf = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const portrait = await tenantPortrait(tenantId, asOf);
      const tags = top(portrait.tags, 3);
      const divisions = top(portrait.divisions, 3);
      if (!tags.length && !divisions.length)
        return { total: 0, list: [], notice: '您的客户还没有标签或行业可比，先添加客户再试' };
      const conditions = [
        ...(tags.length ? [{ field: 'tag' as const, op: 'in' as const, values: tags }] : []),
        ...(divisions.length
          ? [{ field: 'industry' as const, op: 'in' as const, values: divisions }]
          : []),
      ];
      const r = await searchAdvanced(
        {
          logic: 'and',
          groups: [{ logic: 'and', conditions }],
          sort: 'relevance',
          pageNo: 1,
          pageSize: SKILL_RESULT_LIMIT * 2,
        },
        { maxResults },
      );
      const theirs = await alreadyTheirs(
        tenantId,
        r.list.map((h) => h.id),
      );
      const why = `与您的客户同行业${tags.length ? `、同带「${tags.join('、')}」标签` : ''}`;
      return {
        total: r.total,
        list: r.list
          .filter((h) => !theirs.has(h.id))
          .slice(0, SKILL_RESULT_LIMIT)
          .map((h) => fromHit(h, why)),
        notice: r.notice,
      };
    }
  }
}
