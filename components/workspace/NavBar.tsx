'use client';

import Link from 'next/link';
import { Breadcrumb } from 'antd';
import { breadcrumbTitles, type WorkspaceRoute } from './menu/menu-model';
import { usePageTitle } from './page-title';

/** Spec 2.4: the breadcrumb starts with 首页 and shows the titles of the matched routes. */
export function NavBar({ route }: { route: WorkspaceRoute | undefined }) {
  const titles = breadcrumbTitles(route, usePageTitle(route?.name));
  return (
    <div className="ws-navbar">
      <Breadcrumb
        items={titles.map((title, i) =>
          i === 0 ? { title: <Link href="/">{title}</Link> } : { title },
        )}
      />
    </div>
  );
}
