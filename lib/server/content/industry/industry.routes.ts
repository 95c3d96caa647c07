import 'server-only';
import { apiError, defineRoute } from '@/lib/server/platform';
import { limitSearch, maxResultsFor } from '@/lib/server/search';
import {
  industryAlbumGet,
  industryChainGet,
  industryChainList,
  industryListExport,
  industryListIndex,
  industryListPage,
} from '@/lib/shared/industry/industry.contract';
import { getChainGraph, listChains } from './chain.service';
import { merchantsRoutes } from './merchants.routes';
import { exportList, getAlbum, getListPage, listIndustryLists } from './list.service';

function found<T>(value: T | null): T {
  if (value === null) throw apiError('NOT_FOUND');
  return value;
}

/** Industry insights (issue 31): authoritative lists and albums, industry chains and the atlas. */
export const industryRoutes = [
  defineRoute(industryListIndex, async () => ({ lists: await listIndustryLists() })),
  defineRoute(industryListPage, async ({ query, auth, client }) => {
    // A list page is a search over the company data: the search budget pays for it.
    await limitSearch(auth, client);
    return found(await getListPage(query, { maxResults: await maxResultsFor(auth) }));
  }),
  defineRoute(industryListExport, ({ body, auth, client }) =>
    exportList({ ...auth, client }, body),
  ),
  defineRoute(industryChainList, async ({ query }) => ({
    chains: await listChains(query.keyword),
  })),
  defineRoute(industryChainGet, async ({ query }) => found(await getChainGraph(query.code))),
  defineRoute(industryAlbumGet, async ({ query }) => found(await getAlbum(query.kind, query.slug))),
  ...merchantsRoutes,
];
