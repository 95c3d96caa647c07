'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { onDemand, useUsed } from '@/lib/client/on-demand';

/** The dialog (upload, job progress, results) loads when the button is first wanted. */
const loadDialog = onDemand(() => import('./ClueImportDialog'));
const ClueImportDialog = dynamic(() => loadDialog().then((m) => m.ClueImportDialog), {
  ssr: false,
});

/** 导入 on the lead list: opens 导入线索 (ClueImportDialog). */
export function ClueImportButton({ onDone }: { onDone?: () => void }) {
  const [open, setOpen] = useState(false);
  const [used, markUsed] = useUsed();
  const prefetch = () => void loadDialog();
  return (
    <>
      <Button
        icon={<UploadOutlined />}
        onClick={() => {
          markUsed();
          setOpen(true);
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        导入
      </Button>
      {used ? (
        <ClueImportDialog open={open} onClose={() => setOpen(false)} onDone={onDone} />
      ) : null}
    </>
  );
}
