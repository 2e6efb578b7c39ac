/**
 * A machine as a graph for the explorer and the audit page: states and transitions from xstate's
 * `toDirectedGraph` (plus each state's `always` branches, which it leaves out), in the shape elkjs lays out.
 * Transitions between the same two states share one edge, each with the same id the model tests and
 * docs/flows/coverage.md use, so coverage, steps and audit trails can be drawn on it.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { invokeNames } from '../../../machines/graph/model-graph';
import { edgeLabel, transitionFacts } from '../../../machines/graph/transitions';

export const ANY_STATE = '(any state)';

export interface FlowEdge {
  id: string;
  source: string;
  target: string;
  /** One line per transition. */
  labels: string[];
  transitionIds: string[];
}

export interface FlowNode {
  id: string;
  label: string;
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history' | 'any';
  children: FlowNode[];
}

export interface FlowGraph {
  machineId: string;
  nodes: FlowNode[];
  edges: FlowEdge[];
}

/** A node's id: its state path (`loggedOut.expired`); the machine itself when it has no states of its own. */
export const nodeId = (node: AnyStateNode): string => node.path.join('.') || node.machine.id;

export function flowGraph(machine: AnyStateMachine): FlowGraph {
  const graph = toDirectedGraph(machine);
  const invokes = invokeNames(machine);
  const stateless = graph.children.length === 0;
  const idOf = (node: AnyStateNode) => (node === machine.root && !stateless ? ANY_STATE : nodeId(node));

  const toNode = (n: DirectedGraphNode): FlowNode => {
    const s = n.stateNode;
    const kind = s.type === 'final' ? 'final' : s.type === 'history' ? 'history' : s.type === 'parallel' ? 'parallel' : n.children.length ? 'compound' : 'atomic';
    return { id: nodeId(s), label: s.key, kind, children: n.children.map(toNode) };
  };
  const nodes = stateless ? [{ id: machine.id, label: machine.id, kind: 'atomic' as const, children: [] }] : graph.children.map(toNode);

  const byPair = new Map<string, FlowEdge>();
  const walk = (n: DirectedGraphNode) => {
    for (const t of [...new Set(n.edges.map((e) => e.transition)), ...(n.stateNode.always ?? [])]) {
      const facts = transitionFacts(t, invokes);
      for (const target of facts.targets.length ? facts.targets : [t.source]) {
        const source = idOf(t.source);
        const key = `${source}\u0000${idOf(target)}`;
        const edge = byPair.get(key) ?? { id: `edge-${byPair.size}`, source, target: idOf(target), labels: [], transitionIds: [] };
        edge.labels.push(edgeLabel(facts));
        edge.transitionIds.push(facts.id);
        byPair.set(key, edge);
      }
    }
    n.children.forEach(walk);
  };
  walk(graph);
  const edges = [...byPair.values()];
  if (edges.some((e) => e.source === ANY_STATE)) nodes.unshift({ id: ANY_STATE, label: 'any state', kind: 'any', children: [] });
  return { machineId: machine.id, nodes, edges };
}
