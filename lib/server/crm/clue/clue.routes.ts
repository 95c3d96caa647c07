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
import { CLUE_SOURCES, CUSTOMER_SOURCES } from '@/lib/shared/clue/clue.constants';
import { defineRoute } from '@/lib/server/platform';
import * as clueService from './clue.service';
import * as followUpService from './clue-follow-up.service';

export const clueRoutes = [
  defineRoute(cluePage, ({ auth, body }) => clueService.pageClues(auth, body)),
  defineRoute(getClue, ({ auth, query }) => clueService.getClueView(auth, query.id)),
  defineRoute(createClue, ({ auth, body }) => clueService.createClue(auth, body)),
  defineRoute(updateClue, ({ auth, body }) => clueService.updateClue(auth, body)),
  defineRoute(deleteClue, ({ auth, query }) =>
    clueService.deleteClues(auth, query.ids ?? [query.id!]),
  ),
  defineRoute(restoreClue, ({ auth, query }) => clueService.restoreClue(auth, query.id)),
  defineRoute(getClueSourceList, () => [...CLUE_SOURCES]),
  defineRoute(getCustomerSourceList, () => [...CUSTOMER_SOURCES]),
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
