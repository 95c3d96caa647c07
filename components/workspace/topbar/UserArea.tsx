'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { openLoginModal, useSession } from '@/lib/client/session';
import { LeanUserMenu } from '@/components/layout/LeanUserMenu';
import { useLogoutConfirm } from '@/components/layout/user-actions';
import { WORKSPACE_SHORTCUTS } from '@/lib/shared/workspace/workspace-home';

/**
 * The user menu of spec 2.4 in the top bar: the public header's plain-HTML menu (no antd Dropdown
 * in the first load), its pages opened as client navigations; 退出登录 asks first (系统提示).
 */
export function UserMenu() {
  const { status, user, profile } = useSession();
  const confirmLogout = useLogoutConfirm();
  const router = useRouter();
  // A new menu (closed) after one of its pages was opened in place.
  const [opening, setOpening] = useState(0);

  if (status === 'loading') return <span className="ws-user-pending" aria-hidden />;
  if (status === 'signed-out' || !user)
    return (
      <Link
        href="/login"
        className="ws-login-link"
        onClick={(e) => {
          e.preventDefault();
          openLoginModal();
        }}
      >
        登录/注册
      </Link>
    );

  // The menu's links are plain anchors (it also serves lean public pages): here they navigate
  // within the app, so the shell, its tags and its menu stay.
  const inApp = (e: React.MouseEvent) => {
    const link = (e.target as HTMLElement).closest('a[role="menuitem"]');
    if (!link || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    router.push(link.getAttribute('href') ?? '/');
    setOpening((n) => n + 1);
  };

  return (
    <span className="ws-user" onClickCapture={inApp}>
      <LeanUserMenu
        key={opening}
        user={{
          name: user.nickname || user.userName,
          avatar: user.avatar || '',
          wechatBound: !!profile?.profileInfo.weixinOpenId,
        }}
        onLogout={confirmLogout}
        // The workspace pages too: 企业查询 and company pages have no side menu (spec 2.2).
        workspaceLinks={WORKSPACE_SHORTCUTS}
      />
    </span>
  );
}
