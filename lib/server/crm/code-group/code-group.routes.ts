import 'server-only';
import {
  createCodeValue,
  deleteCodeValue,
  listCodeGroups,
  sortCodeValues,
  updateCodeValue,
} from '@/lib/shared/code-group/code-group.contract';
import { defineRoute } from '@/lib/server/platform';
import * as service from './code-group.service';

export const codeGroupRoutes = [
  defineRoute(listCodeGroups, ({ auth }) => service.tenantCodeGroups(auth.tenantId)),
  defineRoute(createCodeValue, ({ auth, body }) => service.createValue(auth, body)),
  defineRoute(updateCodeValue, ({ auth, body }) => service.updateValue(auth, body)),
  defineRoute(sortCodeValues, ({ auth, body }) => service.sortValues(auth, body)),
  defineRoute(deleteCodeValue, ({ auth, query }) => service.deleteValue(auth, query)),
];
