'use client';

import { useQuery } from '@tanstack/react-query';
import { call, contractKey } from '@/lib/client/request';
import { openapiPaid } from '@/lib/shared/search/search.endpoints';

/**
 * The filter options of the advanced search (regions, industries, bands, tags), read once per
 * page load: the proxy answers them by urlPath /config/static. Shared by 高级搜索 and the AI
 * assistant's condition editor.
 */
export function useStaticConfig() {
  return useQuery({
    queryKey: contractKey(openapiPaid.staticConfig),
    queryFn: () => call(openapiPaid.staticConfig, { body: {} }, { silent: true }),
    staleTime: Infinity,
  });
}
