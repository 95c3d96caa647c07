import 'server-only';
import {
  listCommonFeatureNavs,
  listFeatureNavsForUser,
  markFeatureUse,
} from '@/lib/shared/feature-nav/feature-nav.contract';
import { defineRoute } from '@/lib/server/platform';
import { listCommonFeatures, listFeatureNavGroups, recordFeatureUse } from './feature-nav.service';

export const featureNavRoutes = [
  defineRoute(listFeatureNavsForUser, () => listFeatureNavGroups()),
  defineRoute(listCommonFeatureNavs, ({ auth }) => (auth ? listCommonFeatures(auth.userId) : [])),
  defineRoute(markFeatureUse, async ({ auth, body }) => {
    await recordFeatureUse(auth.userId, body.id, body.type);
    return true;
  }),
];
