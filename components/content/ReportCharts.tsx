import type { ReportChart } from '@/lib/shared/content/content.contract';
import { ChartCanvas } from './ChartCanvas';
import { CompareButton } from './CompareButton';

function formatNumber(v: number | undefined): string {
  return v === undefined ? '—' : v.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
}

/** What an indicator is compared on: its unit and the value of each category. */
function indicatorFields(chart: ReportChart, reportTitle: string) {
  return [
    { label: '来源报告', value: reportTitle },
    { label: '单位', value: chart.unit || '—' },
    ...chart.categories.map((c, i) => ({
      label: c,
      value:
        chart.series.length === 1
          ? formatNumber(chart.series[0].data[i])
          : chart.series.map((s) => `${s.name} ${formatNumber(s.data[i])}`).join('；'),
    })),
  ];
}

/**
 * The report's charts: title and data table in the HTML (readable without JavaScript and by
 * crawlers), the ECharts canvas as a client island, and 加入对比 per indicator.
 */
export function ReportCharts({
  reportId,
  reportTitle,
  href,
  charts,
}: {
  reportId: number;
  reportTitle: string;
  href: string;
  charts: ReportChart[];
}) {
  if (charts.length === 0) return null;
  return (
    <section className="ct-section" aria-labelledby="ct-charts-title">
      <h2 id="ct-charts-title" className="ct-subtitle">
        数据图表
      </h2>
      {charts.map((chart, index) => (
        <figure key={`${chart.title}-${index}`} className="ct-chart" data-testid="report-chart">
          <div className="ct-chart-head">
            <h3>{chart.title}</h3>
            <CompareButton
              label="加入指标对比"
              entry={{
                kind: 'indicator',
                indicatorsNo: `${reportId}-${index + 1}`,
                title: chart.title,
                href,
                fields: indicatorFields(chart, reportTitle),
              }}
            />
          </div>
          <ChartCanvas chart={chart} />
          <figcaption className="ct-chart-data">
            <div className="ent-table-wrap">
              <table className="ent-table ct-data-table">
                <caption className="ent-muted">
                  {chart.title}
                  {chart.unit ? `（单位：${chart.unit}）` : ''}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{chart.unit ? `单位：${chart.unit}` : '项目'}</th>
                    {chart.categories.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {chart.series.map((s) => (
                    <tr key={s.name}>
                      <th scope="row">{s.name}</th>
                      {chart.categories.map((c, i) => (
                        <td key={c}>{formatNumber(s.data[i])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figcaption>
        </figure>
      ))}
    </section>
  );
}
