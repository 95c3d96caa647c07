'use client';

import { useState } from 'react';
import { call, download } from '@/lib/client/request';
import {
  addEnterprisesToCrm,
  exportEnterprises,
} from '@/lib/shared/enterprise/enterprise.endpoints';
import { useActionError } from './QuotaDialog';
import { useFeedback } from '@/lib/client/feedback';

export type BulkAction = 'crm' | 'export';

/**
 * 加入线索 and 导出 over a selection of companies, with the same messages on every list: a
 * warning when nothing is selected, the count added (and already there) or exported, and API
 * errors through the shared handler (quota dialog, sign-in). `source` names the list in the
 * leads it creates.
 */
export function useBulkActions(source: string) {
  const { message } = useFeedback();
  const onError = useActionError();
  const [busy, setBusy] = useState<BulkAction | null>(null);

  async function run(action: BulkAction, entIds: number[]): Promise<void> {
    if (entIds.length === 0) {
      message.warning('请先勾选企业');
      return;
    }
    setBusy(action);
    try {
      if (action === 'export') {
        await download(exportEnterprises, { body: { entIds } }, { silent: true });
        message.success(`已导出 ${entIds.length} 家企业`);
      } else {
        const r = await call(addEnterprisesToCrm, { body: { entIds, source } }, { silent: true });
        message.success(
          `已加入线索 ${r.created} 家${r.existed ? `，${r.existed} 家已在线索中` : ''}`,
        );
      }
    } catch (err) {
      onError(err);
    } finally {
      setBusy(null);
    }
  }

  return { busy, run };
}
