import 'server-only';
import {
  countAdvancedSearch,
  exportAdvancedSearch,
  pageAdvancedSearch,
} from '@/lib/shared/search/search.contract';
import { defineRoute } from '@/lib/server/platform';
import { exportAdvancedResults } from './advanced-export.service';
import { countAdvanced, searchAdvanced } from './advanced-search.service';
import { limitSearch, maxResultsFor } from './search-access';

/** Advanced search (spec 2.1 /advancedSearch): AND/OR condition groups over every field. */
export const advancedSearchRoutes = [
  defineRoute(countAdvancedSearch, async ({ body, auth, client }) => {
    await limitSearch(auth, client);
    return countAdvanced(body);
  }),
  defineRoute(pageAdvancedSearch, async ({ body, auth, client }) => {
    await limitSearch(auth, client);
    return searchAdvanced(body, { maxResults: await maxResultsFor(auth) });
  }),
  defineRoute(exportAdvancedSearch, ({ body, auth, client }) =>
    exportAdvancedResults({ ...auth, client }, body),
  ),
];
