'use client';

import { useState } from 'react';
import Link from 'next/link';
import { Button } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import type { CluePageQuery } from '@/lib/shared/clue/clue.contract';
import { exportClues } from '@/lib/shared/clue-io/clue-io.endpoints';
import { useFeedback } from '@/lib/client/feedback';

/**
 * 导出线索: the whole filtered set (not the page) as a background job; the file lands in the
 * download centre.
 */
export function ClueExportButton({
  filters,
  onDone,
}: {
  filters: CluePageQuery;
  onDone?: () => void;
}) {
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      // Paging is not part of an export: every matching lead is written.
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { pageNo, pageSize, ...body } = filters;
      await call(exportClues, { body });
      message.success({
        content: (
          <span>
            已加入下载中心，<Link href="/downloadList">去查看</Link>
          </span>
        ),
        duration: 6,
      });
      onDone?.();
    } catch {
      // Shown by the global error handler.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button icon={<ExportOutlined />} loading={busy} onClick={() => void start()}>
      导出
    </Button>
  );
}
