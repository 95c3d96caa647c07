'use client';

import { FloatButton } from 'antd';

/** antd's back-to-top button; it shows and hides itself around `after` px from then on. */
export function BackTopButton({ after }: { after: number }) {
  return <FloatButton.BackTop visibilityHeight={after} aria-label="回到顶部" />;
}
