import 'server-only';
import {
  getActualController,
  getEnterpriseMap,
  getEquityPenetration,
  getNextEnterpriseRing,
  getNextPersonRing,
  getRelationshipMap,
} from '@/lib/shared/enterprise/enterprise.contract';
import { defineRoute, type RouteDefinition } from '@/lib/server/platform';
import {
  actualControllerOf,
  enterpriseMapOf,
  equityPenetrationOf,
  nextEnterpriseRingOf,
  nextPersonRingOf,
  relationshipMapOf,
} from './relationship-map.service';

export const relationshipMapRoutes: RouteDefinition[] = [
  defineRoute(getEnterpriseMap, ({ query, auth, client }) =>
    enterpriseMapOf({ auth, client }, query),
  ),
  defineRoute(getRelationshipMap, ({ query, auth, client }) =>
    relationshipMapOf({ auth, client }, query),
  ),
  defineRoute(getNextEnterpriseRing, ({ query, auth, client }) =>
    nextEnterpriseRingOf({ auth, client }, query),
  ),
  defineRoute(getNextPersonRing, ({ query, auth, client }) =>
    nextPersonRingOf({ auth, client }, query),
  ),
  defineRoute(getEquityPenetration, ({ query, auth, client }) =>
    equityPenetrationOf({ auth, client }, query),
  ),
  defineRoute(getActualController, ({ query, auth, client }) =>
    actualControllerOf({ auth, client }, query),
  ),
];
