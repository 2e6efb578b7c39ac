/**
 * A wizard's step, as its machine declares it: each state that belongs to a step says so in `meta: { step: N }`
 * (0-based), so the stepper follows the machine and renaming a state cannot silently break it (issue 24 item 6).
 * Reads the deepest active state that names one; null for a state outside the steps (loading the page, say).
 */
export function stepOf(snapshot: { getMeta(): Record<string, unknown> }): number | null {
  let step: number | null = null;
  // getMeta lists the active states from the root down.
  for (const meta of Object.values(snapshot.getMeta())) {
    const declared = (meta as { step?: unknown } | undefined)?.step;
    if (typeof declared === 'number') step = declared;
  }
  return step;
}
