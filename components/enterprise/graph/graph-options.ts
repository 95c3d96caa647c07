import type { EChartsCoreOption } from 'echarts/core';
import type {
  EquityTreeNode,
  GraphData,
  GraphLink,
  GraphNode,
} from '@/lib/shared/enterprise/types';
import { formatRatio } from '@/lib/shared/enterprise/format';

/** Category colours: the company first, then people and related parties. */
const COLORS = [
  '#1677ff',
  '#f5222d',
  '#fa8c16',
  '#52c41a',
  '#13c2c2',
  '#722ed1',
  '#2f54eb',
  '#eb2f96',
  '#d4380d',
];

/** Adds the nodes and links of `more` that `base` lacks (expanding a ring). */
export function mergeGraphs(base: GraphData, more: GraphData): GraphData {
  const ids = new Set(base.nodes.map((n) => n.id));
  const linkKey = (l: GraphLink) => `${l.source}>${l.target}>${l.label}`;
  const links = new Set(base.links.map(linkKey));
  return {
    ...base,
    nodes: [
      ...base.nodes,
      ...more.nodes.filter((n) => !ids.has(n.id)).map((n) => ({ ...n, isCenter: false })),
    ],
    links: [...base.links, ...more.links.filter((l) => !links.has(linkKey(l)))],
    truncated: base.truncated || more.truncated,
  };
}

export type GraphNodeDatum = { node: GraphNode };

/** More relations than this and their words show on hover only (they covered each other). */
export const EDGE_LABELS_MAX = 12;
/** Node names longer than this are cut (the tooltip has the whole name). */
export const GRAPH_LABEL_CHARS = 8;

/** A node's name cut to GRAPH_LABEL_CHARS characters with an ellipsis. */
export function shortLabel(name: string): string {
  const chars = Array.from(name);
  return chars.length > GRAPH_LABEL_CHARS ? `${chars.slice(0, GRAPH_LABEL_CHARS).join('')}…` : name;
}

/**
 * Label layout of the relation graph (issue 28 item 7: labels overlapped): nodes push apart more
 * the more there are, names are cut to one short line on a white ground, a label that would cover
 * another is hidden until its node is hovered, and relation words show on hover when many.
 */
export function graphLabelLayout(nodeCount: number, linkCount: number) {
  const crowded = linkCount > EDGE_LABELS_MAX;
  return {
    force: {
      repulsion: Math.min(900, 260 + nodeCount * 12),
      edgeLength: crowded ? [110, 220] : [90, 170],
      gravity: 0.06,
    },
    label: {
      show: true,
      position: 'bottom',
      distance: 4,
      fontSize: 11,
      // Cut by characters, not a fixed box: a fixed width made every label as wide as the
      // longest and hid labels that did not touch.
      formatter: (p: { name: string }) => shortLabel(p.name),
      backgroundColor: 'rgba(255,255,255,0.85)',
      padding: [1, 3],
      borderRadius: 2,
    },
    labelLayout: { hideOverlap: true },
    edgeLabel: { show: !crowded, fontSize: 10, formatter: '{c}' },
    emphasis: {
      focus: 'adjacency',
      label: { show: true },
      edgeLabel: { show: true, fontSize: 10, formatter: '{c}' },
    },
  };
}

export function graphOption(g: GraphData, expanded: ReadonlySet<string>): EChartsCoreOption {
  return {
    color: COLORS,
    tooltip: {
      formatter: (p: {
        dataType: string;
        data: { name?: string; label?: { formatter?: string }; node?: GraphNode; value?: string };
      }) =>
        p.dataType === 'node'
          ? `${p.data.name}${p.data.node?.expandable && !expanded.has(p.data.node.id) ? '<br/>点击展开关系' : ''}`
          : (p.data.value ?? ''),
    },
    legend: [{ data: g.categories.map((c) => c.name), top: 0, type: 'scroll' }],
    series: [
      {
        type: 'graph',
        layout: 'force',
        roam: true,
        draggable: true,
        top: 40,
        categories: g.categories,
        ...graphLabelLayout(g.nodes.length, g.links.length),
        edgeSymbol: ['none', 'arrow'],
        edgeSymbolSize: 7,
        lineStyle: { color: '#bfbfbf', curveness: 0.08 },
        data: g.nodes.map((n) => ({
          id: n.id,
          name: n.name,
          category: n.category,
          symbolSize: n.symbolSize,
          node: n,
          itemStyle:
            n.expandable && !expanded.has(n.id)
              ? {
                  borderColor: '#fff',
                  borderWidth: 2,
                  shadowBlur: 6,
                  shadowColor: 'rgba(22,119,255,0.5)',
                }
              : undefined,
          label: n.isCenter ? { fontWeight: 'bold', fontSize: 13 } : undefined,
        })),
        links: g.links.map((l) => ({ source: l.source, target: l.target, value: l.label })),
      },
    ],
  };
}

export type TreeDatum = {
  name: string;
  nodeId: string;
  raw: EquityTreeNode;
  children: TreeDatum[];
  collapsed?: boolean;
  itemStyle?: Record<string, unknown>;
};

export function toTreeData(n: EquityTreeNode): TreeDatum {
  const ratio = formatRatio(n.ratio);
  return {
    name: ratio ? `${n.name}（${ratio}）` : n.name,
    nodeId: n.id,
    raw: n,
    children: n.children.map(toTreeData),
    itemStyle:
      n.kind === 'person'
        ? { color: '#f5222d', borderColor: '#f5222d' }
        : n.hasMore
          ? { color: '#fff', borderColor: '#1677ff', borderWidth: 2 }
          : undefined,
  };
}

export function countLeaves(n: EquityTreeNode): number {
  return n.children.length === 0 ? 1 : n.children.reduce((s, c) => s + countLeaves(c), 0);
}

/** Replaces the node with id `id` by a copy whose children are `children` (re-keyed below it). */
export function graftChildren(
  root: EquityTreeNode,
  id: string,
  loaded: EquityTreeNode,
): EquityTreeNode {
  if (root.id === id) {
    const rekey = (c: EquityTreeNode, prefix: string): EquityTreeNode => {
      const nid = `${prefix}/${c.id}`;
      return {
        ...c,
        id: nid,
        depth: root.depth + c.depth,
        children: c.children.map((cc) => rekey(cc, prefix)),
      };
    };
    return { ...root, hasMore: false, children: loaded.children.map((c) => rekey(c, id)) };
  }
  return { ...root, children: root.children.map((c) => graftChildren(c, id, loaded)) };
}

export function treeOption(
  tree: EquityTreeNode,
  direction: 'parent' | 'children',
): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { data: TreeDatum }) => {
        const r = p.data.raw;
        const lines = [r.name];
        if (r.ratio !== null)
          lines.push(
            `${direction === 'parent' ? '持股比例' : '投资比例'}：${formatRatio(r.ratio)}`,
          );
        if (r.amount !== null) lines.push(`认缴出资：${Number(r.amount.toFixed(2))}万元`);
        if (r.hasMore) lines.push('点击加载下一层');
        return lines.join('<br/>');
      },
    },
    series: [
      {
        type: 'tree',
        data: [toTreeData(tree)],
        orient: direction === 'parent' ? 'RL' : 'LR',
        left: direction === 'parent' ? '32%' : '12%',
        right: direction === 'parent' ? '12%' : '32%',
        top: 16,
        bottom: 16,
        symbol: 'circle',
        symbolSize: 10,
        initialTreeDepth: -1,
        expandAndCollapse: true,
        roam: true,
        label: {
          position: direction === 'parent' ? 'right' : 'left',
          verticalAlign: 'middle',
          align: direction === 'parent' ? 'left' : 'right',
          fontSize: 12,
          width: 220,
          overflow: 'truncate',
        },
        // Siblings close together: a label that would cover another waits for the hover.
        labelLayout: { hideOverlap: true },
        emphasis: { focus: 'descendant', label: { show: true } },
        leaves: {
          label: {
            position: direction === 'parent' ? 'left' : 'right',
            align: direction === 'parent' ? 'right' : 'left',
          },
        },
        lineStyle: { color: '#91caff', width: 1.2, curveness: 0.5 },
        animationDurationUpdate: 300,
      },
    ],
  };
}
