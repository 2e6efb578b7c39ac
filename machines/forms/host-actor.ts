import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * The placeholder for an actor the page injects with `machine.provide({ actors })` (the API call). It fails loudly
 * when a host forgot to provide it, rather than pretending to succeed. `TInput` defaults as `fromPromise`'s does.
 */
export function hostActor<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is provided by the host`);
  });
}
