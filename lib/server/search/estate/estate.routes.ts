import 'server-only';
import { defineRoute } from '@/lib/server/platform';
import {
  estateCompanies,
  estateDetail,
  followEstate,
  parkRecommendationPage,
  searchEstates,
} from '@/lib/shared/park/estate.contract';
import { limitSearch } from '../search-access';
import { recommendParks } from './estate-recommend';
import * as estates from './estate.service';

/** Parks and buildings (issue 30 item 5, ADR 0201): reads spend the search budget, as the map. */
export const estateRoutes = [
  defineRoute(searchEstates, async ({ body, auth, client }) => {
    await limitSearch(auth, client);
    return estates.searchEstates(body);
  }),
  defineRoute(estateDetail, async ({ body, auth, client }) => {
    await limitSearch(auth, client);
    return estates.estateDetail(body.estateId, auth.userId);
  }),
  defineRoute(estateCompanies, async ({ body, auth, client }) => {
    await limitSearch(auth, client);
    return estates.estateCompanies(body);
  }),
  defineRoute(parkRecommendationPage, async ({ body, auth, client }) => {
    await limitSearch(auth, client);
    return recommendParks(auth.tenantId, auth.userId, body);
  }),
  defineRoute(followEstate, ({ body, auth }) =>
    estates.followEstate(auth.userId, body.estateId, body.follow),
  ),
];
