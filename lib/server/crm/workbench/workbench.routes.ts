import 'server-only';
import {
  createSampleLeads,
  deleteSampleLeads,
  getWorkbench,
} from '@/lib/shared/workbench/workbench.contract';
import { defineRoute } from '@/lib/server/platform';
import * as workbench from './workbench.service';

export const workbenchRoutes = [
  defineRoute(getWorkbench, ({ auth }) => workbench.getWorkbench(auth)),
  defineRoute(createSampleLeads, ({ auth }) => workbench.addSampleLeads(auth)),
  defineRoute(deleteSampleLeads, ({ auth }) => workbench.removeSampleLeads(auth)),
];
