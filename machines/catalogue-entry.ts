import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import type { operations } from '../openapi/schema';

/** An operation of the API contract, by its `operationId` in openapi/openapi.yaml. */
type OperationId = keyof operations;

/**
 * One machine of the flow atlas's registry (machines/<name>.catalogue.ts, listed in machines/flow-catalogue.ts): what
 * it takes to run on its own, and where it lives in the app — the views that render it, the API operations its
 * actors call, the tests that exercise it — so the atlas links machine → view → operation → handler → tests.
 * tests/unit/flows/catalogue.test.ts checks that every file and operation named here exists.
 */
export interface CatalogueEntry<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  /** One line for the atlas index: what the machine decides. */
  purpose: string;
  /** The src/ components that render it (its page or section); none for a machine only the server runs. */
  views: string[];
  /**
   * Per invoked actor (its name in the machine's `setup`), the operations the app's implementation of it calls.
   * An actor that calls no API (a child machine's own calls are listed under it too) is left out.
   */
  operations: Partial<Record<string, OperationId[]>>;
  /** Tests of the flow besides its model test (tests/model/<name>.model.test.ts): view-model, API and browser tests. */
  tests: string[];
  /**
   * The machine with fakes in place of its side effects (`machine.provide`): no network, no storage, no
   * navigation. The model tests layer their recording fakes on top; invoked actors are replaced by the test helper.
   */
  fake: () => M;
  /** Named starting points (label → input); paths are generated from each. Omit for a machine without input. */
  inputs?: Record<string, InputFrom<M>>;
  /**
   * Every event type the machine accepts, with one or more samples. Paths try every sample in every state, so
   * give one sample per guard branch you want taken (docs call them `TYPE[0]`, `TYPE[1]`…).
   */
  events: EventSamples<M>;
  /** Outcomes of invoked actors by src (or explicit invoke id); default one `done` with no output and one `error`. */
  invokeResults?: Record<string, { done?: unknown[]; error?: unknown[] }>;
  /** Graph key of a snapshot; default value and context. Drop counters (ids, timestamps) or the graph never ends. */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  /** Transition id (as in docs/flows/<name>.md) → the reason no path can take it. Each one must be justified. */
  uncovered?: Record<string, string>;
}

type EventSamples<M extends AnyStateMachine> = {
  [K in EventFromLogic<M>['type']]: Extract<EventFromLogic<M>, { type: K }> | Array<Extract<EventFromLogic<M>, { type: K }>>;
};

/** Keeps each entry's own machine type (so model tests get typed snapshots) while checking it against the shape. */
export const entry = <M extends AnyStateMachine>(e: CatalogueEntry<M>): CatalogueEntry<M> => e;
