import { api, apiDownload, type RequestOptions } from '@/lib/client/request';
import { openLoginModal } from '@/lib/client/session';
import type { PageResult } from '@/lib/shared/api/envelope';
import type { ContactSummary, EnterpriseState } from '@/lib/shared/enterprise/types';
import type { UnlockResult } from '@/lib/server/enterprise/unlock.service';
import type { ToCrmResult } from '@/lib/server/enterprise/enterprise-state.service';

/** Typed calls of the enterprise endpoints (through the BFF) used by the enterprise pages. */
export const enterpriseApi = {
  unlock: (entId: number, opts?: RequestOptions) =>
    api.post<UnlockResult>('/szjk/enterprise/unlock-enterprise', { entId }, opts),
  contacts: (entId: number, opts?: RequestOptions) =>
    api.post<ContactSummary>(
      '/shuzhituoke/enterprise-info/get-contact-general-info',
      { entId },
      opts,
    ),
  toCrm: (entIds: number[], source: string, opts?: RequestOptions) =>
    api.post<ToCrmResult>('/szjk/enterprise/to-crm', { entIds, source }, opts),
  addFavorite: (entId: number, opts?: RequestOptions) =>
    api.post<unknown>('/szjk/favorite/add', { entId }, opts),
  removeFavorite: (entId: number, opts?: RequestOptions) =>
    api.post<unknown>('/szjk/favorite/remove', { entId }, opts),
  states: (entIds: number[], opts?: RequestOptions) =>
    api.post<EnterpriseState[]>('/szjk/enterprise/get-enterprise-state', { entIds }, opts),
  exportExcel: (entIds: number[], opts?: RequestOptions) =>
    apiDownload('POST', '/szjk/enterprise/export', { ...opts, body: { entIds } }),
  tabPage: <T>(tab: string, entId: number, pageNo: number, pageSize: number) =>
    api.get<PageResult<T>>(`/shuzhituoke/enterprise-info/${tab}`, {
      query: { entId, pageNo, pageSize },
    }),
};

/** Signed-out visitors asking for a signed-in action get the login modal in place, then come back. */
export function goToLogin(): void {
  openLoginModal(window.location.pathname + window.location.search);
}
