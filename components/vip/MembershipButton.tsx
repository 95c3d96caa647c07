'use client';

import { Button } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { openLoginModal, useSession } from '@/lib/client/session';
import { openMemberCenter } from './member-center-store';
import { loadMemberCenter } from './member-center-loader';

/**
 * 开通会员, or the edition badge once the enterprise has a paid edition in force (spec 2.4). Both
 * open the member centre; a visitor signs in first. A native title, not antd's Tooltip: the button
 * is in the workspace shell's first load.
 */
export function MembershipButton({ compact = false }: { compact?: boolean }) {
  const { status, vip } = useSession();
  const open = () => {
    if (status !== 'signed-in') openLoginModal(window.location.pathname + window.location.search);
    else openMemberCenter();
  };
  // Signed in, the click opens the cash modal: its code may start loading on the way there.
  const prefetch = () => {
    if (status === 'signed-in') void loadMemberCenter();
  };
  const paid = vip !== null && vip.isVip && !vip.expired;
  const label = paid ? vip.editionName : '开通会员';
  return (
    <Button
      type={paid ? 'text' : 'primary'}
      size="small"
      className={paid ? 'vip-badge' : 'vip-open'}
      icon={<CrownOutlined />}
      title={paid ? '会员中心' : undefined}
      aria-label={paid ? `会员中心（${label}）` : '开通会员'}
      onClick={open}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      data-testid="membership-button"
    >
      {compact ? null : label}
    </Button>
  );
}
