'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { CommentOutlined } from '@ant-design/icons';
import { openLoginModal, useSession } from '@/lib/client/session';
import { onDemand, useUsed } from '@/lib/client/on-demand';

/** The form (antd Form, text area, the request) loads when the button is first wanted. */
const loadModal = onDemand(() => import('./FeedbackModal'));
const FeedbackModal = dynamic(() => loadModal().then((m) => m.FeedbackModal), { ssr: false });

/** 意见反馈 in the top bar: the form for a signed-in user, the login modal for a visitor. */
export function FeedbackButton() {
  const { status } = useSession();
  const [open, setOpen] = useState(false);
  const [used, markUsed] = useUsed();
  const prefetch = () => {
    if (status === 'signed-in') void loadModal();
  };
  return (
    <>
      <Button
        type="text"
        aria-label="意见反馈"
        title="意见反馈"
        icon={<CommentOutlined />}
        disabled={status === 'loading'}
        onClick={() => {
          if (status !== 'signed-in') return openLoginModal();
          markUsed();
          setOpen(true);
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      />
      {status === 'signed-in' && used ? (
        <FeedbackModal open={open} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
