import 'server-only';
import type {
  ActualController,
  EquityTreeNode,
  GraphData,
  KeywordRef,
} from '@/lib/shared/enterprise/enterprise.contract';
import {
  limitCompanyReads,
  resolveKeywordRef,
  type PublicCaller,
} from './enterprise-access.service';
import {
  getActualController,
  getEnterpriseMap,
  getEquityPenetration,
  getNextEnterpriseRing,
  getNextPersonRing,
  getRelationshipMap,
  type EquityDirection,
} from './enterprise-graph.service';
import type { EnterpriseRow } from './enterprise.service';

/**
 * The public graph endpoints (/shuzhituoke/enterprise-relationship-map): visitors are
 * rate-limited per IP, then the company is found by id or keyword (name or credit code).
 */

async function centre(caller: PublicCaller, ref: KeywordRef): Promise<EnterpriseRow> {
  await limitCompanyReads(caller.auth, caller.client);
  return resolveKeywordRef(ref);
}

/** 企业图谱. */
export async function enterpriseMapOf(caller: PublicCaller, ref: KeywordRef): Promise<GraphData> {
  return getEnterpriseMap(await centre(caller, ref));
}

/** 关系图谱. */
export async function relationshipMapOf(caller: PublicCaller, ref: KeywordRef): Promise<GraphData> {
  return getRelationshipMap(await centre(caller, ref));
}

/** The next ring around a company node. */
export async function nextEnterpriseRingOf(
  caller: PublicCaller,
  ref: KeywordRef,
): Promise<GraphData> {
  return getNextEnterpriseRing(await centre(caller, ref));
}

/** The companies of a person node (same name, same city as the company it was met in). */
export async function nextPersonRingOf(
  caller: PublicCaller,
  q: KeywordRef & { personName: string },
): Promise<GraphData> {
  return getNextPersonRing(q.personName, await centre(caller, q));
}

/** 股权穿透树. */
export async function equityPenetrationOf(
  caller: PublicCaller,
  q: KeywordRef & { direction: EquityDirection; depth: number },
): Promise<EquityTreeNode> {
  return getEquityPenetration(await centre(caller, q), q.direction, q.depth);
}

/** 实际控制人. */
export async function actualControllerOf(
  caller: PublicCaller,
  ref: KeywordRef,
): Promise<ActualController> {
  return getActualController(await centre(caller, ref));
}
