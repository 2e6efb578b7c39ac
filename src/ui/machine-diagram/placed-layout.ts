import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { FlowEdge, FlowGraph, FlowNode } from './flow-graph';

interface Point {
  x: number;
  y: number;
}

export interface PlacedNode extends Omit<FlowNode, 'children'> {
  x: number;
  y: number;
  width: number;
  height: number;
  /** 0 for top-level states; drawn parents first so children sit on top. */
  depth: number;
}

export interface PlacedEdge extends FlowEdge {
  points: Point[];
  label: { x: number; y: number; width: number; height: number } | null;
}

export interface PlacedLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

/**
 * elkjs gives each node's position relative to its parent and each edge's relative to its container: turn both
 * into one coordinate system for the SVG.
 */
export function placeLayout(graph: FlowGraph, layout: ElkNode): PlacedLayout {
  const info = new Map<string, FlowNode>();
  const index = (n: FlowNode) => {
    info.set(n.id, n);
    n.children.forEach(index);
  };
  graph.nodes.forEach(index);
  const edgeInfo = new Map(graph.edges.map((e) => [e.id, e]));

  const origin = new Map<string, Point>([[layout.id, { x: 0, y: 0 }]]);
  const nodes: PlacedNode[] = [];
  const edges: Array<{ edge: ElkExtendedEdge; holder: string }> = [];
  const visit = (n: ElkNode, at: Point, depth: number) => {
    for (const e of (n.edges ?? []) as ElkExtendedEdge[]) edges.push({ edge: e, holder: n.id });
    for (const child of n.children ?? []) {
      const pos = { x: at.x + (child.x ?? 0), y: at.y + (child.y ?? 0) };
      origin.set(child.id, pos);
      const { children: _, ...own } = info.get(child.id) ?? { id: child.id, label: child.id, kind: 'atomic' as const, children: [] };
      nodes.push({ ...own, ...pos, width: child.width ?? 0, height: child.height ?? 0, depth });
      visit(child, pos, depth + 1);
    }
  };
  visit(layout, { x: 0, y: 0 }, 0);

  const placedEdges = edges.flatMap(({ edge, holder }) => {
    const flow = edgeInfo.get(edge.id);
    if (!flow) return [];
    const container = (edge as ElkExtendedEdge & { container?: string }).container ?? holder;
    const o = origin.get(container) ?? { x: 0, y: 0 };
    const shift = (p: Point) => ({ x: p.x + o.x, y: p.y + o.y });
    const points = (edge.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint].map(shift));
    const l = edge.labels?.[0];
    const label = l && l.x !== undefined && l.y !== undefined ? { ...shift({ x: l.x, y: l.y }), width: l.width ?? 0, height: l.height ?? 0 } : null;
    return [{ ...flow, points, label }];
  });
  nodes.sort((a, b) => a.depth - b.depth);
  return { width: layout.width ?? 0, height: layout.height ?? 0, nodes, edges: placedEdges };
}
