import {
  GRAPH_CATEGORIES,
  type GraphCategoryName,
  type GraphData,
  type GraphLink,
  type GraphNode,
} from '@/lib/shared/enterprise/types';
import { formatRatio } from '@/lib/shared/enterprise/format';

export function categoryIndex(name: GraphCategoryName): number {
  return GRAPH_CATEGORIES.indexOf(name);
}

export function companyNodeId(entId: number | null, name: string): string {
  return entId ? `e:${entId}` : `n:${name}`;
}

export function personNodeId(name: string): string {
  return `p:${name}`;
}

export function holdingLabel(ratio: number | null): string {
  return ratio === null ? '持股' : `持股 ${formatRatio(ratio)}`;
}

/**
 * Collects nodes and links for an ECharts graph with de-duplication and a node cap: past the cap,
 * new nodes are refused and the graph is marked truncated, so every graph stays small and fast.
 */
export class GraphBuilder {
  private readonly nodes = new Map<string, GraphNode>();
  private readonly links = new Map<string, GraphLink>();
  truncated = false;

  constructor(private readonly maxNodes: number) {}

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  get size(): number {
    return this.nodes.size;
  }

  /** Returns the node id, or null when the cap refused a new node. */
  addCompany(
    c: { entId: number | null; name: string; uncid?: string | null },
    category: GraphCategoryName,
    opts: { center?: boolean } = {},
  ): string | null {
    const id = companyNodeId(c.entId, c.name);
    return this.add({
      id,
      name: c.name,
      category: categoryIndex(category),
      kind: 'company',
      entId: c.entId,
      uncid: c.uncid ?? null,
      isCenter: !!opts.center,
      expandable: c.entId !== null && !opts.center,
      symbolSize: opts.center ? 64 : 40,
    });
  }

  addPerson(
    name: string,
    category: GraphCategoryName,
    opts: { center?: boolean } = {},
  ): string | null {
    return this.add({
      id: personNodeId(name),
      name,
      category: categoryIndex(category),
      kind: 'person',
      entId: null,
      uncid: null,
      isCenter: !!opts.center,
      expandable: !opts.center,
      symbolSize: opts.center ? 56 : 32,
    });
  }

  private add(node: GraphNode): string | null {
    if (this.nodes.has(node.id)) return node.id;
    if (this.nodes.size >= this.maxNodes) {
      this.truncated = true;
      return null;
    }
    this.nodes.set(node.id, node);
    return node.id;
  }

  /** Links between the same pair merge their labels (法定代表人 / 持股 60%). */
  link(
    source: string | null,
    target: string | null,
    label: string,
    value: number | null = null,
  ): void {
    if (!source || !target || source === target) return;
    const key = `${source}→${target}`;
    const existing = this.links.get(key);
    if (existing) {
      if (!existing.label.split(' / ').includes(label))
        existing.label = `${existing.label} / ${label}`;
      if (value !== null) existing.value = value;
      return;
    }
    this.links.set(key, { source, target, label, value });
  }

  build(centerId: string): GraphData {
    return {
      centerId,
      nodes: [...this.nodes.values()],
      links: [...this.links.values()],
      categories: GRAPH_CATEGORIES.map((name) => ({ name })),
      truncated: this.truncated,
    };
  }
}
