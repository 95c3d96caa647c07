import { z } from 'zod';
import { defineContract, pageResponse } from '@/lib/shared/api/contract';
import { crmId } from './crm.schemas';

/*
 * The contracts every CRM record shares (CRM kit, ADR 0196): page, get, create and update, and
 * for records with a recycle bin delete and restore. An entity declares its name in the path
 * (`/szjk/<entity>/<action>`, permission `szjk:<entity>:<action>`), its schemas and its wording;
 * the literal path and permission types are kept, so `call` and `defineRoute` stay typed.
 */

type RecordSchemas = {
  page: z.ZodType;
  view: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
};

type Summaries = { page: string; get: string; create: string; update: string };

/** page / get / create / update of the record `entity`. */
export function recordContracts<const E extends string, const S extends RecordSchemas>(d: {
  entity: E;
  tags: readonly string[];
  schemas: S;
  summary: Summaries;
}) {
  const common = { tags: d.tags, access: 'tenant' } as const;
  return {
    page: defineContract({
      method: 'POST',
      path: `/szjk/${d.entity}/page`,
      summary: d.summary.page,
      ...common,
      permission: `szjk:${d.entity}:query`,
      expensive: true,
      body: d.schemas.page as S['page'],
      response: pageResponse(d.schemas.view as S['view']),
    }),
    get: defineContract({
      method: 'GET',
      path: `/szjk/${d.entity}/get`,
      summary: d.summary.get,
      ...common,
      permission: `szjk:${d.entity}:query`,
      query: z.object({ id: crmId }),
      response: d.schemas.view as S['view'],
    }),
    create: defineContract({
      method: 'POST',
      path: `/szjk/${d.entity}/create`,
      summary: d.summary.create,
      ...common,
      permission: `szjk:${d.entity}:create`,
      body: d.schemas.create as S['create'],
      response: z.number().int(),
    }),
    update: defineContract({
      method: 'POST',
      path: `/szjk/${d.entity}/update`,
      summary: d.summary.update,
      ...common,
      permission: `szjk:${d.entity}:update`,
      body: d.schemas.update as S['update'],
      response: z.boolean(),
    }),
  };
}

/** delete (one id or ids=1,2,3, into the bin) and restore of the record `entity`. */
export function recycleContracts<const E extends string, const Q extends z.ZodType>(d: {
  entity: E;
  tags: readonly string[];
  /** The delete's query: `idOrIds(max, messages)` of the entity. */
  ids: Q;
  summary: { delete: string; restore: string };
}) {
  const common = { tags: d.tags, access: 'tenant', permission: `szjk:${d.entity}:delete` } as const;
  return {
    delete: defineContract({
      method: 'DELETE',
      path: `/szjk/${d.entity}/delete`,
      summary: d.summary.delete,
      ...common,
      query: d.ids,
      response: z.boolean(),
    }),
    restore: defineContract({
      method: 'PUT',
      path: `/szjk/${d.entity}/restore`,
      summary: d.summary.restore,
      ...common,
      query: z.object({ id: crmId }),
      response: z.boolean(),
    }),
  };
}
