import { useEffect } from 'react';

/**
 * One task for when a server-rendered page has been hydrated: main.tsx sets it, the page's boundary runs it.
 * React hydrates the root first and each Suspense boundary (the frame's, the page's: src/ui/page-boundary.tsx) in a
 * later pass, so the root's own effects run while the page's elements are still the server's, not React's.
 */
let pending: (() => void) | null = null;

export function afterHydration(task: () => void): void {
  pending = task;
}

/** In the page's boundary: runs the task once that boundary has committed (or an error view that replaced it). */
export function useAfterHydration(): void {
  useEffect(() => {
    const task = pending;
    pending = null;
    task?.();
  }, []);
}
