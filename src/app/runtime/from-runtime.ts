import { createActor, fromPromise, toPromise, type PromiseActorLogic } from 'xstate';
import type { Runtime } from './runtime';

/**
 * A promise actor for a page that renders before the runtime (a server-rendered page, route-sets.ts `beforeRuntime`)
 * but calls the server when the person acts: it waits for the runtime (`load`, from ./runtime-loader-context.ts: the
 * API client with its reactions, the session), then runs the actor `pick` builds from it. The sign-in form paints from
 * the server's HTML and has its runtime by the time anyone has typed a password; if not, the submit waits for it.
 */
export function fromRuntime<TOutput, TInput>(
  load: () => Promise<Runtime>,
  pick: (runtime: Runtime) => PromiseActorLogic<TOutput, TInput>,
) {
  return fromPromise<TOutput, TInput>(async ({ input, signal }) => {
    const runtime = await load();
    signal.throwIfAborted();
    const actor = createActor(pick(runtime), { input });
    signal.addEventListener('abort', () => actor.stop(), { once: true });
    actor.start();
    return toPromise(actor);
  });
}
