'use client';

import { useEffect } from 'react';
import dynamic from 'next/dynamic';
import {
  registerMemberCenterHost,
  useMemberCenterOpen,
} from '@/components/vip/member-center-store';
import { useUsed } from '@/lib/client/on-demand';

// The host (antd Modal) and the member centre come with the first opening.
const MemberCenterHost = dynamic(
  () => import('@/components/vip/MemberCenterHost').then((m) => m.MemberCenterHost),
  { ssr: false },
);

/**
 * Where the shell's member centre opens (开通会员, 解锁额度不足 → 前往): registered as a host from
 * the first render, so openMemberCenter() opens the modal here instead of leaving for the page.
 */
export function MemberCenterSlot() {
  const open = useMemberCenterOpen();
  const [used, markUsed] = useUsed();
  useEffect(() => registerMemberCenterHost(), []);
  useEffect(() => {
    if (open) markUsed();
  }, [open, markUsed]);
  return used ? <MemberCenterHost /> : null;
}
