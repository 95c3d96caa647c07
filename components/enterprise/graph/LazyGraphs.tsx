'use client';

import { lazy, Suspense } from 'react';

/** ECharts, antd and the graph code load when the 企业图谱 tab is first shown (TabPanel lazy). */
const GraphsWithAntd = lazy(() => import('./GraphsWithAntd'));

export function LazyGraphs({ entId }: { entId: number }) {
  return (
    <Suspense
      fallback={
        <div className="ent-graph-loading" role="status">
          图谱加载中…
        </div>
      }
    >
      <GraphsWithAntd entId={entId} />
    </Suspense>
  );
}
