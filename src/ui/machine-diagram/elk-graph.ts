import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { FlowGraph, FlowNode } from './flow-graph';

/** Text metrics for the layout: the SVG draws labels at this size, so boxes fit them without measuring the DOM. */
export const FONT_SIZE = 12;
const CHAR_WIDTH = 7.2;
const LINE_HEIGHT = 16;
const ATOMIC_HEIGHT = 36;

const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH);

/**
 * The graph as elkjs input: layered, edges laid out across the hierarchy (INCLUDE_CHILDREN) so a transition
 * from a child of one compound state to a child of another is routed as one edge.
 */
export function toElk(graph: FlowGraph): ElkNode {
  const node = (n: FlowNode): ElkNode =>
    n.children.length
      ? {
          id: n.id,
          labels: [{ text: n.label, width: textWidth(n.label), height: LINE_HEIGHT }],
          layoutOptions: { 'elk.padding': `[top=${LINE_HEIGHT + 16},left=16,bottom=16,right=16]`, 'elk.nodeLabels.placement': 'INSIDE V_TOP H_LEFT' },
          children: n.children.map(node),
        }
      : { id: n.id, width: Math.max(textWidth(n.label) + 32, 64), height: ATOMIC_HEIGHT };
  const edges: ElkExtendedEdge[] = graph.edges.map((e) => ({
    id: e.id,
    sources: [e.source],
    targets: [e.target],
    labels: [{ text: e.labels.join('\n'), width: Math.max(...e.labels.map(textWidth)), height: e.labels.length * LINE_HEIGHT }],
  }));
  return {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '32',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
    },
    children: graph.nodes.map(node),
    edges,
  };
}
