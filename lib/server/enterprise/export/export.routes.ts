import 'server-only';
import { exportUnlockedEnterprises } from '@/lib/shared/export/unlocked-export.contract';
import { defineRoute } from '@/lib/server/platform';
import { exportDownload } from './export-download';
import { withExportSlot } from './export-slots';
import { exportUnlocked } from './unlocked-export.service';

export const exportRoutes = [
  // Within the member's and the enterprise's caps on exports in progress (issue 28 item 4).
  defineRoute(exportUnlockedEnterprises, ({ auth, body, client }) => {
    const actor = { tenantId: auth.tenantId, userId: auth.userId, client };
    return withExportSlot(actor, async () => {
      const file = await exportUnlocked(actor, body.keyword);
      return exportDownload(actor, 'export_unlocked', `已解锁企业导出（${file.rows} 家）`, file);
    });
  }),
];
