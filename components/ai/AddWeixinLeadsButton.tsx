'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { Button } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { AddWeixinDialog } from './AddWeixinDialog';
import { addWeixinDetailHref } from './AddWeixinCard';
import { useFeedback } from '@/lib/client/feedback';

/**
 * 批量加微 in 线索管理: the leads picked in the list become an add-contact task over their
 * companies (the same dialog as in an AI reply); the new task's page opens, live.
 */
export function AddWeixinLeadsButton({ clueIds }: { clueIds: number[] }) {
  const { message } = useFeedback();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<UserAddOutlined />}
        data-testid="clue-add-weixin"
        onClick={() => (clueIds.length ? setOpen(true) : message.warning('请先勾选线索'))}
      >
        批量加微
      </Button>
      <AddWeixinDialog
        open={open}
        onClose={() => setOpen(false)}
        clueIds={clueIds}
        defaultTitle={`线索加微 ${clueIds.length} 条`}
        onCreated={(task) => router.push(addWeixinDetailHref(task))}
      />
    </>
  );
}
