import 'server-only';
import { createDept, deleteDept, listDepts, updateDept } from '@/lib/shared/dept/dept.contract';
import { defineRoute } from '@/lib/server/platform';
import * as depts from './dept.service';

export const deptRoutes = [
  defineRoute(listDepts, ({ auth }) => depts.listDepts(auth.tenantId)),
  defineRoute(createDept, ({ auth, body, client }) => depts.createDept(auth, body, client)),
  defineRoute(updateDept, ({ auth, body, client }) => depts.updateDept(auth, body, client)),
  defineRoute(deleteDept, ({ auth, query, client }) => depts.deleteDept(auth, query.id, client)),
];
