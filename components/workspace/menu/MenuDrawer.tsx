'use client';

import { Drawer } from 'antd';
import { SideMenu } from './SideMenu';

/**
 * Phones (≤ 768 px): the side menu as a drawer from the left. Its own module, loaded by the shell
 * when the menu button is first pressed.
 */
export function MenuDrawer({
  open,
  onClose,
  title,
  head,
  pathname,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  head: React.ReactNode;
  pathname: string;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      width={260}
      title={title}
      styles={{ body: { padding: 0 } }}
    >
      {head}
      <SideMenu pathname={pathname} mode="inline" theme="light" onNavigate={onClose} />
    </Drawer>
  );
}
