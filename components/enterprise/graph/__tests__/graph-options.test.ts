import { EDGE_LABELS_MAX, graphOption, treeOption } from '../graph-options';
import type { GraphData } from '@/lib/shared/enterprise/types';

function graph(n: number): GraphData {
  const nodes = Array.from({ length: n }, (_, i) => ({
    id: `n${i}`,
    name: `第${i}家关联企业名称很长的有限责任公司`,
    category: i === 0 ? 0 : 1,
    symbolSize: i === 0 ? 50 : 30,
    isCenter: i === 0,
    expandable: false,
  }));
  const links = nodes.slice(1).map((x) => ({ source: 'n0', target: x.id, label: '投资' }));
  return {
    nodes,
    links,
    categories: [{ name: '本企业' }, { name: '对外投资' }],
    truncated: false,
  } as unknown as GraphData;
}

type Series = {
  labelLayout?: { hideOverlap?: boolean };
  label: { width?: number; formatter: (p: { name: string }) => string };
  edgeLabel: { show: boolean };
  emphasis: { label: { show: boolean }; edgeLabel: { show: boolean } };
  force: { repulsion: number };
};
const seriesOf = (o: unknown) => (o as { series: Series[] }).series[0];

describe('relation graph labels (issue 28 item 7: they overlapped)', () => {
  it('hides a label that would cover another until hover, and cuts names short', () => {
    const s = seriesOf(graphOption(graph(30), new Set()));
    expect(s.labelLayout?.hideOverlap).toBe(true);
    expect(s.label.width).toBeUndefined();
    expect(s.label.formatter({ name: '第1家关联企业名称很长的有限责任公司' })).toBe(
      '第1家关联企业名…',
    );
    expect(s.label.formatter({ name: '张三' })).toBe('张三');
    expect(s.emphasis.label.show).toBe(true);
  });

  it('shows relation words on hover when there are many, always when few', () => {
    expect(seriesOf(graphOption(graph(EDGE_LABELS_MAX + 5), new Set())).edgeLabel.show).toBe(false);
    expect(seriesOf(graphOption(graph(5), new Set())).edgeLabel.show).toBe(true);
    expect(seriesOf(graphOption(graph(30), new Set())).emphasis.edgeLabel.show).toBe(true);
  });

  it('pushes nodes further apart the more there are', () => {
    const few = seriesOf(graphOption(graph(5), new Set())).force.repulsion;
    const many = seriesOf(graphOption(graph(40), new Set())).force.repulsion;
    expect(many).toBeGreaterThan(few);
  });

  it('equity trees hide overlapping labels too', () => {
    const tree = {
      id: 'r',
      name: '根',
      kind: 'company',
      ratio: null,
      amount: null,
      depth: 0,
      hasMore: false,
      children: [],
    };
    const s = seriesOf(treeOption(tree as never, 'children'));
    expect(s.labelLayout?.hideOverlap).toBe(true);
  });
});
