/**
 * Live inspection (issue 9): in development, with `?inspect` in the app's URL, the app's machines report their
 * transitions over a BroadcastChannel; the explorer in another tab of the same origin listens and highlights them.
 * Nothing leaves the browser, and production builds never create the channel (import.meta.env.DEV is false).
 */
export const INSPECT_CHANNEL = 'tipjar-inspect';

export interface InspectMessage {
  /** The machine's id (`signIn`), which the explorer matches against the catalogue. */
  machineId: string;
  /** The running actor, so two instances of one machine are told apart. */
  sessionId: string;
  /** Active state paths after the step. */
  active: string[];
  /** Transition ids taken (as in docs/flows). */
  taken: string[];
  event: string;
  at: number;
}
