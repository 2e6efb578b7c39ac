import { createContext, useContext } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { useActorSelector } from './use-actor-selector';

/**
 * The `useSelector` / `useActorRef` of @xstate/react's createActorContext, for an actor that is created later:
 * the app-wide actors start in a lazy chunk (runtime.ts), so xstate is not in the landing's first download.
 * The context's value is null until then; only pages that render after the runtime started may read it (the
 * router holds them back, route-sets.ts `beforeRuntime`), so reading it earlier is a bug and throws.
 */
export function createDeferredActorContext<TActor extends AnyActorRef>(name: string) {
  const Context = createContext<TActor | null>(null);
  Context.displayName = name;

  function useActorRef(): TActor {
    const actor = useContext(Context);
    if (!actor) throw new Error(`${name} was read before the app's runtime started`);
    return actor;
  }

  return {
    Provider: Context.Provider,
    useActorRef,
    useSelector<T>(selector: (snapshot: SnapshotFrom<TActor>) => T, compare?: (a: T, b: T) => boolean): T {
      // The actor exists here (useActorRef throws otherwise), so the snapshot is never undefined.
      return useActorSelector(useActorRef(), selector as (snapshot: SnapshotFrom<TActor> | undefined) => T, compare);
    },
  };
}
