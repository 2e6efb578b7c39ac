/**
 * Model-based tests and the flow atlas built from one catalogue entry (machines/<name>.catalogue.ts), so the paths a
 * model test replays are the paths docs/flows lists, and the coverage it measures is the one coverage.md shows.
 */
import type { AnyStateMachine } from 'xstate';
import type { CatalogueEntry } from '../../machines/catalogue-entry';
import { createModel, type Model } from './model-based';
import { countedStates, statePath } from '../../machines/graph/model-graph';

/**
 * What the entry fixes in a model test: machine, inputs, event samples, invoke outcomes, graph key and the
 * uncovered list. The test adds `setup` (its recording fakes, best on top of `entry.fake()`) and `states`.
 */
export function fromCatalogue<M extends AnyStateMachine>(entry: CatalogueEntry<M>) {
  const { machine, inputs, events, invokeResults, serializeState, uncovered } = entry;
  return { machine, inputs, events, invokeResults, serializeState, uncovered };
}

/**
 * The entry's model with every state assertion a no-op: the atlas uses it to list the paths and to count coverage
 * without the test suite. Coverage does not depend on the assertions (it is read from the transitions the actor
 * takes), so replaying these paths gives the numbers the model test measures when it passes.
 */
export function atlasModel(entry: CatalogueEntry): Model {
  const atomic = countedStates(entry.machine).filter((n) => n.type === 'atomic' || n.type === 'final');
  return createModel({
    ...fromCatalogue(entry),
    setup: () => ({ machine: entry.fake(), fakes: null }),
    states: Object.fromEntries(atomic.map((n) => [statePath(n), () => {}])),
  });
}
