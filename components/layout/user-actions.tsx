'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { UsergroupAddOutlined } from '@ant-design/icons';
import { onDemand, useUsed } from '@/lib/client/on-demand';
import { openLoginModal, useSession } from '@/lib/client/session';
import { postLogoutTarget } from '@/lib/shared/auth/routes';
import { useFeedback } from '@/lib/client/feedback';

/**
 * What a signed-in user can do from the header of any page (public header with the full runtime,
 * the workspace top bar, the lean header's runtime bridge): invite colleagues and log out.
 */

/** The drawer (its tables and queries) loads on the first click, or as the pointer reaches it. */
export const loadInvitationDrawer = onDemand(
  () => import('@/components/invitation/InvitationDrawer'),
);
export const InvitationDrawer = dynamic(
  () => loadInvitationDrawer().then((m) => m.InvitationDrawer),
  { ssr: false },
);

/** Spec 2.4: 退出登录 asks first (系统提示), then logs out and leaves for the login page. */
export function useLogoutConfirm(): () => void {
  const { logout } = useSession();
  const { modal } = useFeedback();
  return () =>
    void modal.confirm({
      title: '系统提示',
      content: '确定要退出登录吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logout();
        window.dispatchEvent(new CustomEvent('leadradar:logout'));
        window.location.assign(postLogoutTarget(window.location.pathname + window.location.search));
      },
    });
}

/** Spec 2.4: 邀请企业用户 opens the invitation drawer, once the session is known; a visitor signs in first. */
export function InviteUsersButton() {
  const { status } = useSession();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps its animation.
  const [used, markUsed] = useUsed();
  if (status === 'loading') return null;
  const signedIn = status === 'signed-in';
  const prefetch = () => {
    if (signedIn) void loadInvitationDrawer();
  };
  return (
    <>
      <Button
        type="text"
        className="header-invite-button"
        icon={<UsergroupAddOutlined />}
        // The label folds to the icon in a narrow top bar (workspace.css): the name stays.
        aria-label="邀请企业用户"
        title="邀请企业用户"
        onClick={() => {
          if (!signedIn) return openLoginModal();
          markUsed();
          setOpen(true);
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        邀请企业用户
      </Button>
      {signedIn && used ? <InvitationDrawer open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
