import 'server-only';
import { sql } from 'drizzle-orm';
import { getReadDb } from '@/lib/server/platform';
import type {
  ActualController,
  ControlPathStep,
  EquityTreeNode,
  GraphCategoryName,
  GraphData,
} from '@/lib/shared/enterprise/types';
import { EQUITY_MAX_DEPTH } from '@/lib/shared/enterprise/enterprise.contract';
import { formatRatio } from '@/lib/shared/enterprise/format';
import type { EnterpriseRow } from './enterprise.service';
import { GraphBuilder, holdingLabel, personNodeId } from './graph-builder';
import { findPersonCompanies } from './person.service';

/**
 * Relationship graphs of the company page, ECharts-ready. Every graph is bounded (depth, per-kind
 * caps, total node cap), and loads its rings in a few batched queries, so even well-connected
 * companies answer in milliseconds. The client expands further with nextEnterpriseRing /
 * nextPersonRing.
 */

type HolderRel = {
  entId: number;
  holderType: 'person' | 'company';
  holderName: string;
  holderEnterpriseId: number | null;
  holderUncid: string | null;
  ratio: number | null;
};
type InvestRel = {
  entId: number;
  investeeEnterpriseId: number | null;
  investeeName: string;
  investeeUncid: string | null;
  ratio: number | null;
  amount: number | null;
};
type PersonRel = { entId: number; name: string; roles: string[] };
type BranchRel = {
  entId: number;
  branchEnterpriseId: number | null;
  name: string;
  uncid: string | null;
};

export type Relations = {
  shareholders: HolderRel[];
  investments: InvestRel[];
  people: PersonRel[];
  branches: BranchRel[];
};

type RelationKind = keyof Relations;

function group<T extends { entId: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.entId);
    if (list) list.push(r);
    else out.set(r.entId, [r]);
  }
  return out;
}

function num(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

async function loadShareholders(ids: number[], cap: number): Promise<HolderRel[]> {
  const { rows } = await getReadDb().execute<Record<string, unknown>>(sql`
    select x.* from (
      select s.enterprise_id, s.holder_type, s.holder_name, s.holder_enterprise_id, h.uncid as holder_uncid, s.ratio,
        row_number() over (partition by s.enterprise_id order by s.ratio desc nulls last, s.id) as rn
      from enterprise_shareholders s left join enterprises h on h.id = s.holder_enterprise_id
      where s.enterprise_id = any(${sql.param(ids)}::bigint[])
    ) x where x.rn <= ${cap}`);
  return rows.map((r) => ({
    entId: Number(r.enterprise_id),
    holderType: r.holder_type === 'company' ? 'company' : 'person',
    holderName: String(r.holder_name),
    holderEnterpriseId: num(r.holder_enterprise_id),
    holderUncid: (r.holder_uncid as string | null) ?? null,
    ratio: num(r.ratio),
  }));
}

async function loadInvestments(ids: number[], cap: number): Promise<InvestRel[]> {
  const { rows } = await getReadDb().execute<Record<string, unknown>>(sql`
    select x.* from (
      select i.enterprise_id, i.investee_enterprise_id, i.investee_name, t.uncid as investee_uncid, i.ratio, i.amount,
        row_number() over (partition by i.enterprise_id order by i.ratio desc nulls last, i.id) as rn
      from enterprise_investments i left join enterprises t on t.id = i.investee_enterprise_id
      where i.enterprise_id = any(${sql.param(ids)}::bigint[])
    ) x where x.rn <= ${cap}`);
  return rows.map((r) => ({
    entId: Number(r.enterprise_id),
    investeeEnterpriseId: num(r.investee_enterprise_id),
    investeeName: String(r.investee_name),
    investeeUncid: (r.investee_uncid as string | null) ?? null,
    ratio: num(r.ratio),
    amount: num(r.amount),
  }));
}

async function loadPeople(ids: number[], cap: number): Promise<PersonRel[]> {
  const { rows } = await getReadDb().execute<Record<string, unknown>>(sql`
    select x.* from (
      select p.enterprise_id, p.name, p.roles, row_number() over (partition by p.enterprise_id order by p.id) as rn
      from enterprise_people p where p.enterprise_id = any(${sql.param(ids)}::bigint[])
    ) x where x.rn <= ${cap}`);
  return rows.map((r) => ({
    entId: Number(r.enterprise_id),
    name: String(r.name),
    roles: (r.roles as string[]) ?? [],
  }));
}

async function loadBranches(ids: number[], cap: number): Promise<BranchRel[]> {
  const { rows } = await getReadDb().execute<Record<string, unknown>>(sql`
    select x.* from (
      select b.enterprise_id, b.branch_enterprise_id, b.name, e.uncid,
        row_number() over (partition by b.enterprise_id order by b.id) as rn
      from enterprise_branches b left join enterprises e on e.id = b.branch_enterprise_id
      where b.enterprise_id = any(${sql.param(ids)}::bigint[])
    ) x where x.rn <= ${cap}`);
  return rows.map((r) => ({
    entId: Number(r.enterprise_id),
    branchEnterpriseId: num(r.branch_enterprise_id),
    name: String(r.name),
    uncid: (r.uncid as string | null) ?? null,
  }));
}

/** The relations of several companies at once, at most `cap` of each kind per company. */
export async function loadRelations(
  ids: number[],
  cap: number,
  kinds: RelationKind[] = ['shareholders', 'investments', 'people', 'branches'],
): Promise<Map<number, Relations>> {
  const out = new Map<number, Relations>();
  for (const id of ids)
    out.set(id, { shareholders: [], investments: [], people: [], branches: [] });
  if (ids.length === 0) return out;
  const [s, i, p, b] = await Promise.all([
    kinds.includes('shareholders') ? loadShareholders(ids, cap) : [],
    kinds.includes('investments') ? loadInvestments(ids, cap) : [],
    kinds.includes('people') ? loadPeople(ids, cap) : [],
    kinds.includes('branches') ? loadBranches(ids, cap) : [],
  ]);
  for (const [id, list] of group(s)) out.get(id)!.shareholders = list;
  for (const [id, list] of group(i)) out.get(id)!.investments = list;
  for (const [id, list] of group(p)) out.get(id)!.people = list;
  for (const [id, list] of group(b)) out.get(id)!.branches = list;
  return out;
}

type CenterRow = Pick<EnterpriseRow, 'id' | 'name' | 'uncid' | 'legalPerson'>;

/** Shareholders of the company node `to`, each linked with its holding. */
function addShareholders(
  g: GraphBuilder,
  shareholders: Relations['shareholders'],
  to: string | null,
  category: { company: GraphCategoryName; person: GraphCategoryName },
): void {
  for (const s of shareholders) {
    const id =
      s.holderType === 'company'
        ? g.addCompany(
            { entId: s.holderEnterpriseId, name: s.holderName, uncid: s.holderUncid },
            category.company,
          )
        : g.addPerson(s.holderName, category.person);
    g.link(id, to, holdingLabel(s.ratio), s.ratio);
  }
}

/** Companies the company node `from` invests in, each linked with its share. */
function addInvestments(
  g: GraphBuilder,
  investments: Relations['investments'],
  from: string | null,
  category: GraphCategoryName,
): void {
  for (const i of investments) {
    const id = g.addCompany(
      { entId: i.investeeEnterpriseId, name: i.investeeName, uncid: i.investeeUncid },
      category,
    );
    g.link(from, id, i.ratio === null ? '投资' : `投资 ${formatRatio(i.ratio)}`, i.ratio);
  }
}

/** Adds one company's first ring (legal person, shareholders, people, investments, branches). */
function addRing(
  g: GraphBuilder,
  center: CenterRow,
  rel: Relations,
  centerId: string | null,
): void {
  const legal = center.legalPerson ? g.addPerson(center.legalPerson, '法定代表人') : null;
  g.link(legal, centerId, '法定代表人');
  addShareholders(g, rel.shareholders, centerId, { company: '股东', person: '股东' });
  for (const p of rel.people) {
    const id = g.addPerson(p.name, '主要人员');
    g.link(id, centerId, p.roles.join('、') || '主要人员');
  }
  addInvestments(g, rel.investments, centerId, '对外投资');
  for (const b of rel.branches) {
    const id = g.addCompany(
      { entId: b.branchEnterpriseId, name: b.name, uncid: b.uncid },
      '分支机构',
    );
    g.link(centerId, id, '分支机构');
  }
}

export const GRAPH_LIMITS = {
  entMapPerKind: 20,
  entMapMaxNodes: 100,
  relationPerKind: 10,
  relationSecondRing: 4,
  relationMaxNodes: 150,
  ringPerKind: 20,
  ringMaxNodes: 80,
  personCompanies: 30,
  /** The contract's equity tree schema is spelled out to this depth. */
  equityMaxDepth: EQUITY_MAX_DEPTH,
  equityPerLevel: 20,
  equityMaxNodes: 300,
  controllerMaxDepth: 10,
} as const;

/** 企业图谱: the company in the centre with its legal person, shareholders, people, investments and branches. */
export async function getEnterpriseMap(row: EnterpriseRow): Promise<GraphData> {
  const g = new GraphBuilder(GRAPH_LIMITS.entMapMaxNodes);
  const centerId = g.addCompany({ entId: row.id, name: row.name, uncid: row.uncid }, '企业', {
    center: true,
  })!;
  const rel = (await loadRelations([row.id], GRAPH_LIMITS.entMapPerKind)).get(row.id)!;
  addRing(g, row, rel, centerId);
  return g.build(centerId);
}

/**
 * 关系图谱: the first ring, then a second ring — the shareholders and investments of the related
 * companies, and the other companies of the related people (same name, same city).
 */
export async function getRelationshipMap(row: EnterpriseRow): Promise<GraphData> {
  const g = new GraphBuilder(GRAPH_LIMITS.relationMaxNodes);
  const centerId = g.addCompany({ entId: row.id, name: row.name, uncid: row.uncid }, '企业', {
    center: true,
  })!;
  const rel = (await loadRelations([row.id], GRAPH_LIMITS.relationPerKind)).get(row.id)!;
  addRing(g, row, rel, centerId);

  const companyIds = [
    ...rel.shareholders.map((s) => s.holderEnterpriseId),
    ...rel.investments.map((i) => i.investeeEnterpriseId),
  ].filter((id): id is number => id !== null && id !== row.id);
  const personNames = [
    row.legalPerson,
    ...rel.shareholders.filter((s) => s.holderType === 'person').map((s) => s.holderName),
    ...rel.people.map((p) => p.name),
  ];
  const [second, personCompanies] = await Promise.all([
    loadRelations([...new Set(companyIds)], GRAPH_LIMITS.relationSecondRing, [
      'shareholders',
      'investments',
    ]),
    findPersonCompanies(personNames, row, GRAPH_LIMITS.relationSecondRing),
  ]);
  for (const [entId, r] of second) {
    const from = `e:${entId}`;
    addShareholders(g, r.shareholders, from, { company: '关联企业', person: '关联人员' });
    addInvestments(g, r.investments, from, '关联企业');
  }
  for (const [person, companies] of personCompanies) {
    const from = personNodeId(person);
    if (!g.has(from)) continue;
    for (const c of companies) {
      const id = g.addCompany({ entId: c.entId, name: c.name, uncid: c.uncid }, '关联企业');
      g.link(from, id, personRoleLabel(c));
    }
  }
  return g.build(centerId);
}

function personRoleLabel(c: {
  roles: string[];
  isLegalPerson: boolean;
  ratio: number | null;
}): string {
  const parts = [...c.roles];
  if (c.isLegalPerson && !parts.includes('法定代表人')) parts.unshift('法定代表人');
  if (c.ratio !== null) parts.push(holdingLabel(c.ratio));
  return parts.join('、') || '任职';
}

/** Expand a company node: its own first ring. */
export async function getNextEnterpriseRing(row: EnterpriseRow): Promise<GraphData> {
  const g = new GraphBuilder(GRAPH_LIMITS.ringMaxNodes);
  const centerId = g.addCompany({ entId: row.id, name: row.name, uncid: row.uncid }, '企业', {
    center: true,
  })!;
  const rel = (await loadRelations([row.id], GRAPH_LIMITS.ringPerKind)).get(row.id)!;
  addRing(g, row, rel, centerId);
  return g.build(centerId);
}

/** Expand a person node: the companies where the person (same name, same city as `anchor`) holds a role. */
export async function getNextPersonRing(
  personName: string,
  anchor: EnterpriseRow,
): Promise<GraphData> {
  const g = new GraphBuilder(GRAPH_LIMITS.personCompanies + 1);
  const centerId = g.addPerson(personName, '关联人员', { center: true })!;
  const companies =
    (
      await findPersonCompanies([personName], anchor, GRAPH_LIMITS.personCompanies, {
        includeAnchor: true,
      })
    ).get(personName) ?? [];
  for (const c of companies) {
    const id = g.addCompany(
      { entId: c.entId, name: c.name, uncid: c.uncid },
      c.entId === anchor.id ? '企业' : '关联企业',
    );
    g.link(centerId, id, personRoleLabel(c), c.ratio);
  }
  return g.build(centerId);
}

// ---------------------------------------------------------------------------------------------
// Equity penetration

export type EquityDirection = 'parent' | 'children';

type Edge = {
  fromEntId: number;
  kind: 'person' | 'company';
  name: string;
  entId: number | null;
  uncid: string | null;
  ratio: number | null;
  amount: number | null;
};

async function loadEdges(
  direction: EquityDirection,
  ids: number[],
  cap: number,
): Promise<{ edges: Edge[]; totals: Map<number, number> }> {
  const query =
    direction === 'parent'
      ? sql`
        select x.* from (
          select s.enterprise_id as from_id, s.holder_type as kind, s.holder_name as name, s.holder_enterprise_id as ent_id,
            h.uncid, s.ratio, s.subscribed_amount as amount,
            row_number() over (partition by s.enterprise_id order by s.ratio desc nulls last, s.id) as rn,
            count(*) over (partition by s.enterprise_id) as total
          from enterprise_shareholders s left join enterprises h on h.id = s.holder_enterprise_id
          where s.enterprise_id = any(${sql.param(ids)}::bigint[])
        ) x where x.rn <= ${cap} order by x.from_id, x.rn`
      : sql`
        select x.* from (
          select i.enterprise_id as from_id, 'company' as kind, i.investee_name as name, i.investee_enterprise_id as ent_id,
            t.uncid, i.ratio, i.amount,
            row_number() over (partition by i.enterprise_id order by i.ratio desc nulls last, i.id) as rn,
            count(*) over (partition by i.enterprise_id) as total
          from enterprise_investments i left join enterprises t on t.id = i.investee_enterprise_id
          where i.enterprise_id = any(${sql.param(ids)}::bigint[])
        ) x where x.rn <= ${cap} order by x.from_id, x.rn`;
  const { rows } = await getReadDb().execute<Record<string, unknown>>(query);
  const totals = new Map<number, number>();
  const edges = rows.map((r) => {
    totals.set(Number(r.from_id), Number(r.total));
    return {
      fromEntId: Number(r.from_id),
      kind: r.kind === 'company' ? ('company' as const) : ('person' as const),
      name: String(r.name),
      entId: num(r.ent_id),
      uncid: (r.uncid as string | null) ?? null,
      ratio: num(r.ratio),
      amount: num(r.amount),
    };
  });
  return { edges, totals };
}

async function hasEdges(direction: EquityDirection, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const table = direction === 'parent' ? sql`enterprise_shareholders` : sql`enterprise_investments`;
  const { rows } = await getReadDb().execute<{ id: number }>(
    sql`select distinct enterprise_id as id from ${table} where enterprise_id = any(${sql.param(ids)}::bigint[])`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * 股权穿透: upward (parent: shareholders, recursively) or downward (children: investments,
 * recursively), breadth first, `depth` levels (≤ 5), at most 20 per company and 300 nodes.
 * A company met twice is expanded once (cross-holdings and cycles end there).
 */
export async function getEquityPenetration(
  row: EnterpriseRow,
  direction: EquityDirection,
  depth = 3,
): Promise<EquityTreeNode> {
  const maxDepth = Math.min(GRAPH_LIMITS.equityMaxDepth, Math.max(1, Math.floor(depth)));
  const root: EquityTreeNode = {
    id: `e:${row.id}`,
    name: row.name,
    kind: 'company',
    entId: row.id,
    uncid: row.uncid,
    ratio: null,
    value: null,
    amount: null,
    depth: 0,
    hasMore: false,
    children: [],
  };
  const expanded = new Set<number>([row.id]);
  let frontier: EquityTreeNode[] = [root];
  let count = 1;
  for (let level = 1; level <= maxDepth && frontier.length > 0; level++) {
    const ids = frontier.map((n) => n.entId!);
    const { edges, totals } = await loadEdges(direction, ids, GRAPH_LIMITS.equityPerLevel);
    const byFrom = new Map<number, Edge[]>();
    for (const e of edges) {
      const list = byFrom.get(e.fromEntId);
      if (list) list.push(e);
      else byFrom.set(e.fromEntId, [e]);
    }
    const next: EquityTreeNode[] = [];
    for (const parent of frontier) {
      const list = byFrom.get(parent.entId!) ?? [];
      if ((totals.get(parent.entId!) ?? 0) > list.length) parent.hasMore = true;
      for (const e of list) {
        if (count >= GRAPH_LIMITS.equityMaxNodes) {
          parent.hasMore = true;
          break;
        }
        const key = e.entId ? `e:${e.entId}` : e.kind === 'person' ? `p:${e.name}` : `n:${e.name}`;
        const child: EquityTreeNode = {
          id: `${parent.id}/${key}`,
          name: e.name,
          kind: e.kind,
          entId: e.entId,
          uncid: e.uncid,
          ratio: e.ratio,
          value: e.ratio,
          amount: e.amount,
          depth: level,
          hasMore: false,
          children: [],
        };
        parent.children.push(child);
        count++;
        if (e.kind === 'company' && e.entId && !expanded.has(e.entId)) {
          expanded.add(e.entId);
          next.push(child);
        }
      }
    }
    frontier = next;
  }
  // Leaves at the depth limit: say whether there is more to load.
  const more = await hasEdges(
    direction,
    frontier.map((n) => n.entId!),
  );
  for (const leaf of frontier) if (more.has(leaf.entId!)) leaf.hasMore = true;
  return root;
}

// ---------------------------------------------------------------------------------------------
// Actual controller

/**
 * 实际控制人: follow the largest shareholder upward until a person (or an unregistered holder)
 * is reached; the cumulative ratio is the product of the ratios along the path.
 */
export async function getActualController(row: EnterpriseRow): Promise<ActualController> {
  const path: ControlPathStep[] = [];
  const seen = new Set<number>([row.id]);
  let current = row.id;
  let cumulative = 100;
  let controller: ActualController['controller'] = null;
  for (let step = 0; step < GRAPH_LIMITS.controllerMaxDepth; step++) {
    const { rows } = await getReadDb().execute<Record<string, unknown>>(sql`
      select holder_type, holder_name, holder_enterprise_id, ratio from enterprise_shareholders
      where enterprise_id = ${current}
      order by ratio desc nulls last, (holder_type = 'person') desc, id limit 1`);
    const top = rows[0];
    if (!top) break;
    const ratio = num(top.ratio) ?? 0;
    const kind = top.holder_type === 'company' ? 'company' : 'person';
    const entId = num(top.holder_enterprise_id);
    cumulative = (cumulative * ratio) / 100;
    path.push({ name: String(top.holder_name), kind, entId, ratio });
    controller = { name: String(top.holder_name), kind, entId };
    if (kind === 'person' || !entId || seen.has(entId)) break;
    seen.add(entId);
    current = entId;
  }

  // The graph: the control path up to the controller, then the company's other shareholders.
  const g = new GraphBuilder(GRAPH_LIMITS.entMapMaxNodes);
  const centerId = g.addCompany({ entId: row.id, name: row.name, uncid: row.uncid }, '企业', {
    center: true,
  })!;
  let below: string | null = centerId;
  for (const [i, step] of path.entries()) {
    const category = i === path.length - 1 ? '实际控制人' : '关联企业';
    const id =
      step.kind === 'company'
        ? g.addCompany({ entId: step.entId, name: step.name }, category)
        : g.addPerson(step.name, category);
    g.link(id, below, holdingLabel(step.ratio), step.ratio);
    below = id;
  }
  const rel = (await loadRelations([row.id], GRAPH_LIMITS.entMapPerKind, ['shareholders'])).get(
    row.id,
  )!;
  for (const s of rel.shareholders) {
    const id =
      s.holderType === 'company'
        ? g.addCompany(
            { entId: s.holderEnterpriseId, name: s.holderName, uncid: s.holderUncid },
            '股东',
          )
        : g.addPerson(s.holderName, '股东');
    g.link(id, centerId, holdingLabel(s.ratio), s.ratio);
  }
  return {
    entId: row.id,
    entName: row.name,
    controller,
    cumulativeRatio: path.length ? Number(cumulative.toFixed(4)) : null,
    path,
    graph: g.build(centerId),
  };
}
