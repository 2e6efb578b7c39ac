/**
 * A promise the test opens or fails when it chooses: an actor's call held in flight while the test looks at the
 * screen's view-model in its busy state.
 */
export function gate<T>() {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** One turn of the event loop: lets a settled promise's actor deliver its outcome to the machine. */
export const settle = () => new Promise((r) => setTimeout(r, 0));
