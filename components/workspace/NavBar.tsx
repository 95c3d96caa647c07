'use client';

import Link from 'next/link';
import { breadcrumbTitles, type WorkspaceRoute } from './menu/menu-model';
import { usePageTitle } from './page-title';
import { WORKSPACE_HOME } from '@/lib/shared/workspace/workspace-home';

/** Spec 2.4: the breadcrumb starts with 首页 and shows the titles of the matched routes. */
export function NavBar({ route }: { route: WorkspaceRoute | undefined }) {
  const titles = breadcrumbTitles(route, usePageTitle(route?.name));
  return (
    <div className="ws-navbar">
      <nav aria-label="面包屑" className="ws-breadcrumb">
        <ol>
          {titles.map((title, i) => (
            <li key={`${i}-${title}`} aria-current={i === titles.length - 1 ? 'page' : undefined}>
              {i === 0 ? <Link href={WORKSPACE_HOME}>{title}</Link> : title}
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}
