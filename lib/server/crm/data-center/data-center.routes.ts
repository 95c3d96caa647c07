import 'server-only';
import {
  duplicatePage,
  getDataCenterOverview,
  getDataQuality,
  issuePage,
  mergeClues,
} from '@/lib/shared/data-center/data-center.contract';
import { defineRoute } from '@/lib/server/platform';
import { mergeDuplicateClues } from './clue-merge.service';
import * as dataCenter from './data-center.service';

export const dataCenterRoutes = [
  defineRoute(getDataCenterOverview, ({ auth }) => dataCenter.dataCenterOverview(auth)),
  defineRoute(getDataQuality, ({ auth }) => dataCenter.dataQuality(auth)),
  defineRoute(duplicatePage, ({ auth, body }) => dataCenter.duplicatePage(auth, body)),
  defineRoute(issuePage, ({ auth, body }) => dataCenter.issuePage(auth, body)),
  defineRoute(mergeClues, ({ auth, body }) => mergeDuplicateClues(auth, body)),
];
