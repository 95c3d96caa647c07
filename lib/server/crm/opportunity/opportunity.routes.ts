import 'server-only';
import {
  createOpportunity,
  createStage,
  deleteOpportunity,
  deleteStage,
  getFunnel,
  getOpportunity,
  getPipeline,
  getPipelineStagePage,
  listStages,
  loseOpportunity,
  moveOpportunityStage,
  opportunityPage,
  reorderStages,
  updateOpportunity,
  updateStage,
  winOpportunity,
} from '@/lib/shared/opportunity/opportunity.contract';
import { defineRoute } from '@/lib/server/platform';
import * as service from './opportunity.service';
import * as stageService from './stage.service';

export const opportunityRoutes = [
  defineRoute(opportunityPage, ({ auth, body }) => service.pageOpportunities(auth, body)),
  defineRoute(getOpportunity, ({ auth, query }) => service.getOpportunity(auth, query.id)),
  defineRoute(createOpportunity, ({ auth, body }) => service.createOpportunity(auth, body)),
  defineRoute(updateOpportunity, ({ auth, body }) => service.updateOpportunity(auth, body)),
  defineRoute(deleteOpportunity, ({ auth, query }) => service.deleteOpportunity(auth, query.id)),
  defineRoute(moveOpportunityStage, ({ auth, body }) => service.moveStage(auth, body)),
  defineRoute(winOpportunity, ({ auth, body }) => service.win(auth, body.id)),
  defineRoute(loseOpportunity, ({ auth, body }) => service.lose(auth, body.id, body.lostReason)),
  defineRoute(getPipeline, ({ auth, body }) => service.pipeline(auth, body)),
  defineRoute(getPipelineStagePage, ({ auth, body }) => service.pipelineStagePage(auth, body)),
  defineRoute(getFunnel, ({ auth, body }) => service.funnel(auth, body)),
  defineRoute(listStages, ({ auth }) => stageService.listStages(auth)),
  defineRoute(createStage, ({ auth, body }) => stageService.createStage(auth, body)),
  defineRoute(updateStage, ({ auth, body }) => stageService.updateStage(auth, body)),
  defineRoute(reorderStages, ({ auth, body }) => stageService.reorderStages(auth, body.ids)),
  defineRoute(deleteStage, ({ auth, query }) => stageService.deleteStage(auth, query.id)),
];
