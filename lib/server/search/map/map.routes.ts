import 'server-only';
import { defineRoute } from '@/lib/server/platform';
import { mapPoints, mapRegionCounts, searchOnMap } from '@/lib/shared/map/map.contract';
import { limitSearch, maxResultsFor } from '../search-access';
import { mapPointsOf, regionCountsOf, searchOnMap as searchShape } from './map-search.service';

/** Map prospecting (spec 2.2 /customer-seeking/search-on-map): the search budget, as company search. */
export const mapRoutes = [
  defineRoute(searchOnMap, async ({ body, auth, client }) => {
    await limitSearch(auth, client);
    return searchShape(body, { maxResults: await maxResultsFor(auth) });
  }),
  defineRoute(mapPoints, async ({ body, auth, client }) => {
    await limitSearch(auth, client);
    return mapPointsOf(body);
  }),
  defineRoute(mapRegionCounts, async ({ body, auth, client }) => {
    await limitSearch(auth, client);
    return regionCountsOf(body);
  }),
];
