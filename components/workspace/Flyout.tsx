'use client';

import { useEffect, useRef } from 'react';

/**
 * A panel below its button (the bell, 更多工具) without antd's Popover in the first load: a box
 * drawn by workspace.css, closed by a click elsewhere or Escape (which gives the focus back to the
 * button). The panel's content is the caller's, usually a module loaded on first opening.
 */
export function Flyout({
  open,
  onClose,
  label,
  trigger,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  /** The panel's accessible name. */
  label: string;
  trigger: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element;
      if (rootRef.current?.contains(target)) return;
      // Pop-ups the panel opened (a select's list, a modal) are outside it in the page.
      if (target.closest?.('.ant-select-dropdown, .ant-modal-root, .ant-message')) return;
      closeRef.current();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="ws-flyout-anchor"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        closeRef.current();
        rootRef.current?.querySelector<HTMLElement>('button')?.focus();
      }}
    >
      {trigger}
      {open ? (
        <div role="dialog" aria-label={label} className={`ws-flyout ${className ?? ''}`}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
