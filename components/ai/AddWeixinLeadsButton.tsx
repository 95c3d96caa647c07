'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { Button } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { onDemand, useOpenedOnce } from '@/lib/client/on-demand';
import { addWeixinDetailHref } from './add-weixin-href';
import { useFeedback } from '@/lib/client/feedback';

// The dialog brings the SMS captcha (AES) and the QR renderer: about 30 KB gzipped that 线索管理's
// first load does not need. The button's hover starts the download.
const loadDialog = onDemand(() => import('./AddWeixinDialog'));
const AddWeixinDialog = dynamic(() => loadDialog().then((m) => m.AddWeixinDialog), {
  ssr: false,
});

/**
 * 批量加微 in 线索管理: the leads picked in the list become an add-contact task over their
 * companies (the same dialog as in an AI reply); the new task's page opens, live.
 */
export function AddWeixinLeadsButton({ clueIds }: { clueIds: number[] }) {
  const { message } = useFeedback();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button
        size="small"
        icon={<UserAddOutlined />}
        data-testid="clue-add-weixin"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => (clueIds.length ? setOpen(true) : message.warning('请先勾选线索'))}
      >
        批量加微
      </Button>
      {opened ? (
        <AddWeixinDialog
          open={open}
          onClose={() => setOpen(false)}
          clueIds={clueIds}
          defaultTitle={`线索加微 ${clueIds.length} 条`}
          onCreated={(task) => router.push(addWeixinDetailHref(task))}
        />
      ) : null}
    </>
  );
}
