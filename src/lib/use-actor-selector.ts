import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * @xstate/react's useSelector, for an actor that may not exist yet, without importing @xstate/react: its module
 * imports xstate itself, which would put xstate back in the entry chunk (src/app/runtime/runtime.ts). The
 * selection is kept while `compare` says it is equal, so a component re-renders only when what it reads changed.
 */
export function useActorSelector<TActor extends AnyActorRef, T>(
  actor: TActor | null | undefined,
  selector: (snapshot: SnapshotFrom<TActor> | undefined) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const { unsubscribe } = actor.subscribe({ next: onChange, error: onChange });
      return unsubscribe;
    },
    [actor],
  );
  const last = useRef<{ snapshot: unknown; selector: unknown; selection: T } | null>(null);
  const getSelection = () => {
    const snapshot = actor?.getSnapshot() as SnapshotFrom<TActor> | undefined;
    // An actor that crashed: surface it to the nearest error boundary, as @xstate/react does.
    const state = snapshot as { status?: string; error?: unknown } | undefined;
    if (state?.status === 'error') throw state.error;
    const previous = last.current;
    if (previous && previous.snapshot === snapshot && previous.selector === selector) return previous.selection;
    const next = selector(snapshot);
    const selection = previous && compare(previous.selection, next) ? previous.selection : next;
    last.current = { snapshot, selector, selection };
    return selection;
  };
  return useSyncExternalStore(subscribe, getSelection, getSelection);
}
