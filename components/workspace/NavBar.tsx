'use client';

import Link from 'next/link';
import { Breadcrumb } from 'antd';

/** Spec 2.4: the breadcrumb starts with 首页 and shows the titles of the matched routes. */
export function NavBar({ titles }: { titles: string[] }) {
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
