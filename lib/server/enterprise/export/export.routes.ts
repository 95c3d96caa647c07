import 'server-only';
import { exportUnlockedEnterprises } from '@/lib/shared/export/unlocked-export.contract';
import { defineRoute } from '@/lib/server/platform';
import { exportDownload } from './export-download';
import { exportUnlocked } from './unlocked-export.service';

export const exportRoutes = [
  defineRoute(exportUnlockedEnterprises, async ({ auth, body, client }) => {
    const actor = { tenantId: auth.tenantId, userId: auth.userId, client };
    const file = await exportUnlocked(actor, body.keyword);
    return exportDownload(actor, 'export_unlocked', `已解锁企业导出（${file.rows} 家）`, file);
  }),
];
