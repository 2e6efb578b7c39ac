/**
 * A machine as a Mermaid `stateDiagram-v2`, generated from xstate's `toDirectedGraph` (never drawn by hand).
 *
 * - States come from the graph's tree: a compound state is a `state x { … }` block with `[*] -->` its initial
 *   child, a parallel state separates its regions with `--`, a final state gets `--> [*]`.
 * - Edges come from the graph's edges (events, invoke done/error, `after` — xstate stores those as events) plus
 *   each state's `always` transitions, which `toDirectedGraph` leaves out. A guarded branch is labelled
 *   `EVENT [guard]`, the unguarded fallback after guarded ones `EVENT [else]`; a transition without a target is
 *   a loop on its state. Transitions between the same two states share one edge, a label per line.
 * - Every edge is written after all the blocks, at the top level: declared inside a block, Mermaid would move a
 *   state referenced there into that block, and it can draw edges between children of different blocks only when
 *   they are declared outside them.
 * - Transitions on the machine itself (root `on`) apply in any state: they start from a dashed "any state" node.
 *   A machine without states is drawn as one state, named by its id.
 * - Ids are state paths joined with `_` (`loggedOut_visitor`), labelled with the state's own key, so two children
 *   with the same key in different parents stay apart.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { invokeNames } from '../../machines/graph/model-graph';
import { edgeLabel, transitionFacts } from '../../machines/graph/transitions';

const ANY_STATE = 'any_state';

/** Mermaid's own escapes (`#35;`): `#` and `;` end or break a label; `"` ends a quoted state label. */
const text = (s: string) => s.replace(/#/g, '#35;').replace(/;/g, '#59;').replace(/"/g, '#quot;');

export function toMermaid(machine: AnyStateMachine): string {
  const graph = toDirectedGraph(machine);
  const invokes = invokeNames(machine);
  const stateless = graph.children.length === 0;

  const idOf = (node: AnyStateNode): string => {
    if (node === machine.root) return stateless ? safeId(machine.id) : ANY_STATE;
    return safeId(node.path.join('_'));
  };
  // `a_b.c` and `a.b_c` (or a state called any_state) would be one box: refuse rather than draw a wrong diagram.
  const claimed = new Map<string, AnyStateNode>();
  const claim = (node: AnyStateNode) => {
    const id = idOf(node);
    const other = claimed.get(id) ?? (id === ANY_STATE ? machine.root : undefined);
    if (other && other !== node) throw new Error(`${machine.id}: two states would be drawn as "${id}"; rename one`);
    claimed.set(id, node);
  };

  const lines = ['stateDiagram-v2'];
  const declare = (node: DirectedGraphNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const state = node.stateNode;
    claim(state);
    const id = idOf(state);
    const label = state.type === 'history' ? `${state.key} (history)` : state.key;
    const named = label === id ? id : `state "${text(label)}" as ${id}`;
    if (node.children.length === 0) {
      lines.push(pad + named);
      return;
    }
    lines.push(`${pad}${label === id ? `state ${id}` : named} {`);
    body(node, depth + 1);
    lines.push(`${pad}}`);
  };
  /** The inside of a compound state (or of the whole machine): initial marker, children, final markers. */
  const body = (node: DirectedGraphNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const state = node.stateNode;
    if (state.type === 'parallel') {
      node.children.forEach((region, i) => {
        if (i > 0) lines.push(`${pad}--`);
        declare(region, depth);
      });
      return;
    }
    const initial = state.initial?.target[0];
    if (initial) lines.push(`${pad}[*] --> ${idOf(initial)}`);
    for (const child of node.children) declare(child, depth);
    for (const child of node.children) if (child.stateNode.type === 'final') lines.push(`${pad}${idOf(child.stateNode)} --> [*]`);
  };

  if (stateless) {
    claim(machine.root);
    lines.push(`  [*] --> ${idOf(machine.root)}`);
  } else {
    body(graph, 1);
  }

  // Edges: each state's event edges (from the graph), then its `always` branches, in state order. Transitions
  // between the same two states share one edge, one label per line: Mermaid draws only one loop per state.
  const edges = new Map<string, string[]>();
  const walk = (node: DirectedGraphNode) => {
    const transitions = [...new Set(node.edges.map((e) => e.transition)), ...(node.stateNode.always ?? [])];
    for (const t of transitions) {
      const facts = transitionFacts(t, invokes);
      for (const target of facts.targets.length ? facts.targets : [t.source]) {
        const key = `${idOf(t.source)} --> ${idOf(target)}`;
        edges.set(key, [...(edges.get(key) ?? []), text(edgeLabel(facts))]);
      }
    }
    node.children.forEach(walk);
  };
  walk(graph);

  if (!stateless && [...edges.keys()].some((e) => e.startsWith(`${ANY_STATE} `))) {
    lines.push(`  state "any state" as ${ANY_STATE}`, `  classDef anyState fill:none,stroke-dasharray:4 4`, `  class ${ANY_STATE} anyState`);
  }
  for (const [edge, labels] of edges) lines.push(`  ${edge}: ${labels.join('<br>')}`);
  return lines.join('\n') + '\n';
}

/** Mermaid ids: letters, digits and `_`. */
function safeId(s: string): string {
  return s.replace(/[^A-Za-z0-9_]/g, '_');
}
