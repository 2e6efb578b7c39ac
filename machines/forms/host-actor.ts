import { fromPromise } from 'xstate';

/**
 * The placeholder for an actor the page injects with `machine.provide({ actors })` (the API call). It fails loudly
 * when a host forgot to provide it, rather than pretending to succeed.
 */
export function hostActor<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is provided by the host`);
  });
}
