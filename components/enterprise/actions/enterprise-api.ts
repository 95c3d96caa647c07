import { api, apiDownload } from '@/lib/client/request';
import type { PageResult } from '@/lib/shared/api/envelope';
import type { ContactSummary, EnterpriseState } from '@/lib/shared/enterprise/types';
import type { UnlockResult } from '@/lib/server/enterprise/unlock.service';
import type { ToCrmResult } from '@/lib/server/enterprise/enterprise-state.service';

/** Typed calls of the enterprise endpoints (through the BFF) used by the enterprise pages. */
export const enterpriseApi = {
  unlock: (entId: number) =>
    api.post<UnlockResult>('/szjk/enterprise/unlock-enterprise', { entId }),
  contacts: (entId: number) =>
    api.post<ContactSummary>('/shuzhituoke/enterprise-info/get-contact-general-info', { entId }),
  toCrm: (entIds: number[], source: string) =>
    api.post<ToCrmResult>('/szjk/enterprise/to-crm', { entIds, source }),
  addFavorite: (entId: number) => api.post<unknown>('/szjk/favorite/add', { entId }),
  removeFavorite: (entId: number) => api.post<unknown>('/szjk/favorite/remove', { entId }),
  states: (entIds: number[]) =>
    api.post<EnterpriseState[]>('/szjk/enterprise/get-enterprise-state', { entIds }),
  exportExcel: (entIds: number[]) =>
    apiDownload('POST', '/szjk/enterprise/export', { body: { entIds } }),
  tabPage: <T>(tab: string, entId: number, pageNo: number, pageSize: number) =>
    api.get<PageResult<T>>(`/shuzhituoke/enterprise-info/${tab}`, {
      query: { entId, pageNo, pageSize },
    }),
};

/** Signed-out visitors asking for a signed-in action go to the login modal, then come back. */
export function goToLogin(): void {
  const back = window.location.pathname + window.location.search;
  // A full load on purpose: /login opens the login modal with a fresh session state.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/login?redirect=${encodeURIComponent(back)}`);
}
