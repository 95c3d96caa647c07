import 'server-only';
import { apiError, defineRoute } from '@/lib/server/platform';
import { limitSearch } from '@/lib/server/search';
import {
  financeEventPage,
  financeInstitutionGet,
  financeProjectGet,
} from '@/lib/shared/finance/finance.contract';
import { getFinanceEventPage, getFinanceInstitution, getFinanceProject } from './finance.service';

function found<T>(value: T | null): T {
  if (value === null) throw apiError('NOT_FOUND');
  return value;
}

/** 投融资 (issue 32 item 2): reads across the company data draw on the search rate budget. */
export const financeRoutes = [
  defineRoute(financeEventPage, async ({ query, auth, client }) => {
    await limitSearch(auth, client);
    return getFinanceEventPage(query);
  }),
  defineRoute(financeProjectGet, async ({ query, auth, client }) => {
    await limitSearch(auth, client);
    return found(await getFinanceProject(query.uncid));
  }),
  defineRoute(financeInstitutionGet, async ({ query, auth, client }) => {
    await limitSearch(auth, client);
    return found(await getFinanceInstitution(query));
  }),
];
