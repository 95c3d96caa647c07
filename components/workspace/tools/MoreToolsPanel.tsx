'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { Flyout } from '../Flyout';
import { onDemand, useUsed } from '@/lib/client/on-demand';

/** The panel's content (search, queries, tool grid and its styles) loads on first opening. */
const loadContent = onDemand(() => import('./MoreToolsContent'));
const MoreToolsContent = dynamic(() => loadContent().then((m) => m.MoreToolsContent), {
  ssr: false,
  loading: () => <div className="more-tools-loading ws-skeleton" aria-hidden />,
});
const MoreToolsDrawer = dynamic(() => loadContent().then((m) => m.MoreToolsDrawer), {
  ssr: false,
});

/**
 * 更多工具 in the top bar (spec 2.4): a panel below the button on wide screens, a bottom drawer on
 * phones (≤ 768 px, `phone`: the shell's breakpoint, so one media listener serves both). The panel
 * is rebuilt on every opening, so the search starts empty. Neither antd Popover nor the panel's
 * code is in the first load: the code comes as the pointer or focus reaches the button.
 */
export function MoreToolsButton({ phone }: { phone: boolean }) {
  const [open, setOpenState] = useState(false);
  // Each opening gets a new panel (the drawer's destroyOnHidden alone keeps the old one, and its
  // search, when it is opened again before its closing animation has ended).
  const [opening, setOpening] = useState(0);
  const [drawerUsed, markDrawerUsed] = useUsed();
  const setOpen = (next: boolean) => {
    if (next && !open) setOpening((n) => n + 1);
    setOpenState(next);
  };
  const close = () => setOpen(false);
  const trigger = (
    <Button
      type="text"
      icon={<AppstoreOutlined />}
      aria-label="更多工具"
      title="更多工具"
      className="ws-fold-label"
      aria-expanded={open}
      aria-haspopup="dialog"
      onClick={() => {
        if (phone) markDrawerUsed();
        setOpen(phone ? true : !open);
      }}
      onPointerEnter={() => void loadContent()}
      onFocus={() => void loadContent()}
    >
      {phone ? null : '更多工具'}
    </Button>
  );

  if (phone)
    return (
      <>
        {trigger}
        {drawerUsed ? <MoreToolsDrawer open={open} opening={opening} onClose={close} /> : null}
      </>
    );
  return (
    <Flyout open={open} onClose={close} label="更多工具" trigger={trigger}>
      <MoreToolsContent key={opening} onDone={close} />
    </Flyout>
  );
}
