import 'server-only';
import {
  cluePage,
  createClue,
  createFollowUp,
  deleteClue,
  getClue,
  getClueContactList,
  getClueEnterpriseFill,
  getClueNum,
  getClueSourceList,
  getCustomerSourceList,
  listFollowUps,
  restoreClue,
  updateClue,
  updateClueStatus,
  updateFollowUser,
} from '@/lib/shared/clue/clue.contract';
import { CONVERTED_SOURCE_CODE } from '@/lib/shared/code-group/code-group.constants';
import { defineRoute } from '@/lib/server/platform';
import * as clueService from './clue.service';
import * as followUpService from './clue-follow-up.service';
import { groupValues } from '../code-group/code-group.service';

/** The tenant's enabled lead sources (its 线索来源 code group, ADR 0183). */
const enabledSources = async (tenantId: number) =>
  (await groupValues(tenantId, 'clueSource')).filter((v) => v.enabled).map((v) => v.code);

export const clueRoutes = [
  defineRoute(cluePage, ({ auth, body }) => clueService.pageClues(auth, body)),
  defineRoute(getClue, ({ auth, query }) => clueService.getClueView(auth, query.id)),
  defineRoute(createClue, ({ auth, body }) => clueService.createClue(auth, body)),
  defineRoute(updateClue, ({ auth, body }) => clueService.updateClue(auth, body)),
  defineRoute(deleteClue, ({ auth, query }) =>
    clueService.deleteClues(auth, query.ids ?? [query.id!]),
  ),
  defineRoute(restoreClue, ({ auth, query }) => clueService.restoreClue(auth, query.id)),
  defineRoute(getClueSourceList, ({ auth }) => enabledSources(auth.tenantId)),
  defineRoute(getCustomerSourceList, async ({ auth }) => [
    ...(await enabledSources(auth.tenantId)),
    CONVERTED_SOURCE_CODE,
  ]),
  defineRoute(updateFollowUser, ({ auth, body }) =>
    clueService.updateFollowUser(auth, body.ids, body.followUserId),
  ),
  defineRoute(getClueContactList, ({ auth, query }) =>
    followUpService.clueContactList(auth, query.id),
  ),
  defineRoute(getClueEnterpriseFill, ({ auth, query }) =>
    clueService.enterpriseFill(auth, query.enterpriseId),
  ),
  defineRoute(getClueNum, ({ auth }) => clueService.clueNum(auth)),
  defineRoute(updateClueStatus, ({ auth, body }) => clueService.updateStatus(auth, body)),
  defineRoute(createFollowUp, ({ auth, body }) => followUpService.createFollowUp(auth, body)),
  defineRoute(listFollowUps, ({ auth, query }) => followUpService.listFollowUps(auth, query)),
];
