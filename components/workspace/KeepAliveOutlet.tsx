'use client';

import { useState, type ReactNode } from 'react';
import { keepPage } from './keep-alive';

/**
 * Renders the routed page. Kept pages stay mounted (hidden) in their own keyed box, so returning
 * to one shows it as it was left: scroll position, form fields, expanded rows.
 */
export function KeepAliveOutlet({
  path,
  keepAlive,
  children,
}: {
  path: string;
  keepAlive: boolean;
  children: ReactNode;
}) {
  const [state, setState] = useState(() => ({
    path,
    children,
    kept: keepPage(new Map(), path, children, keepAlive),
  }));
  // A new page (or new props for this one): update what is kept, during render (React's pattern
  // for state derived from the previous render), so no frame shows the old page.
  if (state.path !== path || state.children !== children) {
    setState({ path, children, kept: keepPage(state.kept, path, children, keepAlive) });
  }
  return (
    <>
      {[...state.kept].map(([p, node]) => (
        <div key={p} hidden={p !== path} data-keep-alive={p}>
          {node}
        </div>
      ))}
      {keepAlive ? null : <div key="live">{children}</div>}
    </>
  );
}
