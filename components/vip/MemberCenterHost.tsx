'use client';

import { useEffect } from 'react';
import dynamic from 'next/dynamic';
import { Modal, Skeleton } from 'antd';
import {
  closeMemberCenter,
  registerMemberCenterHost,
  useMemberCenterOpen,
} from './member-center-store';
import { loadMemberCenter } from './member-center-loader';

// Loaded when first opened: pages that never open it do not carry its code.
const MemberCenter = dynamic(() => loadMemberCenter().then((m) => m.MemberCenter), {
  ssr: false,
  loading: () => <Skeleton active paragraph={{ rows: 6 }} />,
});

/** The cash modal (会员中心): mounted once with the app's providers, opened by openMemberCenter(). */
export function MemberCenterHost() {
  const open = useMemberCenterOpen();
  useEffect(() => registerMemberCenterHost(), []);
  if (!open) return null;
  return (
    <Modal title="会员中心" open onCancel={closeMemberCenter} footer={null} width={960}>
      <MemberCenter />
    </Modal>
  );
}
