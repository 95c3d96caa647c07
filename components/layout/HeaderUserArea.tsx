'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Avatar, Dropdown, Skeleton, Space, theme } from 'antd';
import type { MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { openLoginModal, useSession } from '@/lib/client/session';
import { WORKSPACE_SHORTCUTS } from '@/lib/shared/workspace/workspace-home';
import { shortName } from './lean-user';
import { InviteUsersButton, useLogoutConfirm } from './user-actions';

/** The public header's right side: invitation and the user menu. */
export function HeaderUserArea() {
  return (
    <Space size={8}>
      <InviteUsersButton />
      <UserMenu />
    </Space>
  );
}

/** 登录/注册 for visitors; the user menu of spec 2.4 for a signed-in user. */
export function UserMenu() {
  const { status, user, profile } = useSession();
  const router = useRouter();
  const confirmLogout = useLogoutConfirm();
  // A native button does not take antd's text colour: the dark theme needs it said.
  const { token } = theme.useToken();

  if (status === 'loading') {
    return <Skeleton.Button active size="small" style={{ width: 88 }} aria-hidden />;
  }
  if (status === 'signed-out' || !user) {
    return (
      <Link
        href="/login"
        onClick={(e) => {
          e.preventDefault();
          openLoginModal();
        }}
      >
        登录/注册
      </Link>
    );
  }

  const items: MenuProps['items'] = [
    // The workspace pages first: from a public page there is always a way back to work.
    ...WORKSPACE_SHORTCUTS.map((s) => ({ key: `ws:${s.href}`, label: s.label })),
    { type: 'divider' as const },
    { key: 'center', icon: <UserOutlined />, label: '个人中心' },
    // Only while no official account is bound (spec 2.4).
    ...(profile?.profileInfo.weixinOpenId
      ? []
      : [{ key: 'bind', icon: <WechatOutlined />, label: '绑定公众号' }]),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('ws:')) router.push(key.slice(3));
    else if (key === 'center') router.push('/userSystem/userInfo');
    else if (key === 'bind') router.push('/userSystem/userInfo?bind=wechat');
    else if (key === 'logout') confirmLogout();
  };

  const name = user.nickname || user.userName;
  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click', 'hover']}>
      <button
        type="button"
        // The visible name is part of the accessible name (WCAG 2.5.3, label in name).
        aria-label={`${shortName(name)}，用户菜单`}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          border: 0,
          background: 'transparent',
          color: token.colorText,
          font: 'inherit',
          cursor: 'pointer',
          padding: 4,
        }}
      >
        <Avatar size={28} src={user.avatar || undefined} icon={<UserOutlined />} />
        <span>{shortName(name)}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
