'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button, Popover, Skeleton } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { onDemand, useUsed } from '../on-demand';

/** The panel's content (search, queries, tool grid and its styles) loads on first opening. */
const loadContent = onDemand(() => import('./MoreToolsContent'));
const MoreToolsContent = dynamic(() => loadContent().then((m) => m.MoreToolsContent), {
  ssr: false,
  loading: () => (
    <div className="more-tools-loading">
      <Skeleton active title={false} paragraph={{ rows: 4 }} />
    </div>
  ),
});
const MoreToolsDrawer = dynamic(() => loadContent().then((m) => m.MoreToolsDrawer), {
  ssr: false,
});

/**
 * 更多工具 in the top bar (spec 2.4): a popover on wide screens, a bottom drawer on phones
 * (≤ 768 px, `phone`: the shell's breakpoint, so one media listener serves both). The panel is
 * rebuilt on every opening, so the search starts empty.
 */
export function MoreToolsButton({ phone }: { phone: boolean }) {
  const [open, setOpenState] = useState(false);
  // Each opening gets a new panel: destroyOnHidden alone keeps the old one (and its search) when
  // the panel is opened again before its closing animation has ended.
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
      aria-expanded={open}
      onClick={
        phone
          ? () => {
              markDrawerUsed();
              setOpen(true);
            }
          : undefined
      }
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
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
      content={<MoreToolsContent key={opening} onDone={close} />}
    >
      {trigger}
    </Popover>
  );
}
