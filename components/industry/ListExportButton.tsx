'use client';

import { useState } from 'react';
import { requestRuntime, sendToLogin } from '@/components/providers/runtime-loader';
import type { ListFilter } from '@/lib/shared/industry/lists';

/**
 * 导出 on the server-rendered list page: visitors go to the login; members get the .xlsx of the
 * list with its filters (edition cap and masking are the export service's). The API call and the
 * feedback load on first use.
 */
export function ListExportButton({
  filter,
  signedIn,
  total,
}: {
  filter: ListFilter;
  signedIn: boolean;
  total: number;
}) {
  const [busy, setBusy] = useState(false);
  async function run() {
    if (busy) return;
    if (!signedIn) return sendToLogin();
    setBusy(true);
    try {
      const [api, rt] = await Promise.all([import('./list-actions'), requestRuntime()]);
      try {
        await api.exportList(filter);
        rt.success('已导出榜单企业，文件也保存在下载中心');
      } catch (err) {
        rt.reportError(err);
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="sr-btn il-export"
      onClick={() => void run()}
      disabled={busy || total === 0}
      data-testid="list-export"
    >
      {busy ? '导出中…' : '导出 Excel'}
    </button>
  );
}
