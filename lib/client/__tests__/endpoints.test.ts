import { call, contractKey, download } from '@/lib/client/request';
import type { ContractData, ContractInput } from '@/lib/shared/api/contract';
import type { ContractOf } from '@/lib/shared/api/endpoint';
import { createDept, deleteDept, listDepts } from '@/lib/shared/dept/dept.endpoints';
import { openapiPaid } from '@/lib/shared/search/search.endpoints';
import * as dept from '@/lib/shared/dept/dept.contract';
import * as search from '@/lib/shared/search/search.contract';

/**
 * The browser calls endpoints through their generated route parts (ADR 0217). `npm run typecheck`
 * compiles the checks below: a route part types `call`, `download` and `contractKey` exactly as
 * its contract does (input required or not, field types, the answer).
 */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(ok: Equal<A, B>) => ok;

// The bodies only have to compile; they never run.
export async function typeChecks() {
  same<ContractOf<typeof createDept>, typeof dept.createDept>(true);
  same<ContractOf<typeof dept.createDept>, typeof dept.createDept>(true);
  same<ContractOf<typeof openapiPaid.suggest>, typeof search.openapiPaid.suggest>(true);

  const _list = await call(listDepts);
  same<typeof _list, ContractData<typeof dept.listDepts>>(true);
  const _made = await call(createDept, { body: { name: '销售部', parentId: 0, sort: 0 } });
  same<typeof _made, number>(true);
  same<Parameters<typeof call<typeof createDept>>[1], ContractInput<typeof dept.createDept>>(true);

  // @ts-expect-error a body is required
  await call(createDept);
  // @ts-expect-error the query's id is required
  await call(deleteDept, { query: {} });
  // @ts-expect-error this endpoint takes no body
  await call(listDepts, { body: {} });
  // @ts-expect-error an unknown field
  contractKey(deleteDept, { query: { id: 1, extra: 1 } });
  // @ts-expect-error a body is required
  await download(createDept);
  // @ts-expect-error a route part must match its contract's path
  const wrong: typeof listDepts = { method: 'GET', path: '/system/dept/lists' };
  void wrong;
}

describe('generated route parts', () => {
  it('are their contracts’ method, path and operation', async () => {
    const { contractFiles, endpointsFileOf } = await import('@/scripts/endpoints/render-endpoints');
    const path = await import('node:path');
    const fs = await import('node:fs');
    const root = path.resolve(__dirname, '../../..');
    let checked = 0;
    const expectRoute = (r: unknown, c: unknown) => {
      const {
        method,
        path: p,
        operation,
      } = c as {
        method: string;
        path: string;
        operation?: unknown;
      };
      expect(r).toEqual(operation ? { method, path: p, operation } : { method, path: p });
      checked++;
    };
    for (const file of contractFiles(root)) {
      const routesFile = path.join(root, endpointsFileOf(file));
      if (!fs.existsSync(routesFile)) continue;
      const contracts = (await import(path.join(root, file))) as Record<string, unknown>;
      const routes = (await import(routesFile)) as Record<string, unknown>;
      for (const [name, route] of Object.entries(routes)) {
        const value = contracts[name] as Record<string, unknown>;
        if ('response' in value) expectRoute(route, value);
        else
          for (const [k, c] of Object.entries(value))
            expectRoute((route as Record<string, unknown>)[k], c);
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('contractKey and a contract give the same key', () => {
    expect(contractKey(deleteDept, { query: { id: 3 } })).toEqual(
      contractKey(dept.deleteDept, { query: { id: 3 } }),
    );
    expect(contractKey(openapiPaid.suggest)).toEqual(contractKey(search.openapiPaid.suggest));
  });
});
