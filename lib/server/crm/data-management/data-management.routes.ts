import 'server-only';
import {
  bulkDeleteData,
  bulkRestoreData,
  dataRecordPage,
  exportAllData,
  getDataOverview,
  purgeData,
  updateDataSettings,
} from '@/lib/shared/data-management/data-management.contract';
import { DATA_EXPORT_KIND } from '@/lib/shared/data-management/data-management.constants';
import { admitExportJob } from '@/lib/server/enterprise';
import { defineRoute, enqueueJob } from '@/lib/server/platform';
import * as service from './data-management.service';

export const dataManagementRoutes = [
  defineRoute(getDataOverview, ({ auth }) => service.overview(auth)),
  defineRoute(dataRecordPage, ({ auth, body }) => service.recordPage(auth, body)),
  defineRoute(bulkDeleteData, ({ auth, body }) => service.bulkDelete(auth, body.entity, body.ids)),
  defineRoute(bulkRestoreData, ({ auth, body }) =>
    service.bulkRestore(auth, body.entity, body.ids),
  ),
  defineRoute(purgeData, ({ auth, body }) => service.purge(auth, body.entity, body.ids)),
  defineRoute(updateDataSettings, ({ auth, body }) =>
    service.setRetentionDays(auth, body.retentionDays),
  ),
  defineRoute(exportAllData, ({ auth }) => {
    const owner = { userId: auth.userId, tenantId: auth.tenantId };
    return enqueueJob(
      owner,
      { kind: DATA_EXPORT_KIND, title: '全部数据导出', params: {} },
      { admit: admitExportJob(owner) },
    );
  }),
];
