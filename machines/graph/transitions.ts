/**
 * What the atlas says about one transition: the same id the model tests and coverage use (model-graph.ts), its
 * event as the tests title it, its guard and actions by name. Shared by the diagram and the tables so they agree.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { eventLabel, invokeNames, transitionId } from './model-graph';

export interface TransitionFacts {
  id: string;
  source: AnyStateNode;
  /** Empty when the transition has no target: it runs its actions and the state stays. */
  targets: AnyStateNode[];
  /** `SIGNED_IN`, `always`, `logout:done`, `logout:error`, `after:1000`. */
  event: string;
  guard: string | null;
  /** An unguarded branch after guarded ones: taken when none of them passed. */
  otherwise: boolean;
  actions: string[];
}

/**
 * A guard's name: setup() guards by name, `not(a)`/`and(a, b)`/`or(a, b)` spelled out, `stateIn(…)` with its
 * state; an inline function has no useful name (an arrow's name is just the property, "guard").
 */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { name: string; check?: unknown; guards?: unknown[]; stateValue?: unknown };
    if (g.check && Array.isArray(g.guards)) return `${g.name}(${g.guards.map(guardName).join(', ')})`;
    if (g.check && 'stateValue' in g) return `stateIn(${JSON.stringify(g.stateValue)})`;
    return 'inline guard';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return 'guard';
}

/** An action's name: named actions as written, built-ins (`xstate.assign`) without their prefix, else `inline`. */
function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  const type = (action as { type?: unknown } | null)?.type;
  if (typeof type === 'string') return type.replace(/^xstate\./, '');
  return 'inline action';
}

export function transitionFacts(t: AnyTransitionDefinition, invokes: Map<string, string>): TransitionFacts {
  const branches = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  const index = branches.indexOf(t);
  return {
    id: transitionId(t, invokes),
    source: t.source,
    targets: [...(t.target ?? [])],
    event: eventLabel(t.eventType, invokes),
    guard: t.guard === undefined ? null : guardName(t.guard),
    otherwise: t.guard === undefined && index > 0 && branches.slice(0, index).every((b) => b.guard !== undefined),
    actions: (t.actions ?? []).map(actionName),
  };
}

/** `SIGNED_IN`, `always [hasNoUser]`, `always [else]`: how an edge is labelled in the diagram and the tables. */
export const edgeLabel = (f: TransitionFacts): string => (f.guard ? `${f.event} [${f.guard}]` : f.otherwise ? `${f.event} [else]` : f.event);

/** Every transition of the machine, in the order of model-graph's transitionUniverse (state order, `on` then `always`). */
export function allTransitions(machine: AnyStateMachine): TransitionFacts[] {
  const invokes = invokeNames(machine);
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((t) => transitionFacts(t, invokes)),
  );
}
