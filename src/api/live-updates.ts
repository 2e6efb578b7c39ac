import { fromCallback } from 'xstate';
import type { LiveEvent, LiveUpdatesInput } from '../../machines/live/live-updates';

/**
 * The host's side of live updates (issue 23.4): the tab's one EventSource on GET /api/app/events (the session
 * cookie, like every call), shared by every machine that follows it: opened for the first, closed a little after the
 * last is gone (a page change keeps it). A `payment` event (a status changed) and a `message` event (a message was
 * posted on a payment) are told as LIVE_PAYMENT; a `transfer` event (a deposit or withdrawal changed) as LIVE_TRANSFER. EventSource reconnects by itself with Last-Event-ID and the server
 * replays the payment and transfer changes missed; a message is not replayed, so after any reconnection (and on `reset`: the gap
 * was too old) the machines are told LIVE_RESET, and refetch what they show. Without EventSource (the server's render, old browsers) nothing happens:
 * the pages work as before, by reload.
 */
const EVENTS_URL = '/api/app/events';
const LINGER_MS = 5_000;
/** After the server refused or ended the stream for good (EventSource closed): try again this much later. */
const REOPEN_MS = 30_000;

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let closeTimer: ReturnType<typeof setTimeout> | null = null;
let reopenTimer: ReturnType<typeof setTimeout> | null = null;
/** Whether the stream dropped since it last opened: its next `ready` tells the machines to refetch. */
let dropped = false;

const tell = (event: LiveEvent) => listeners.forEach((listener) => listener(event));

function open() {
  if (source || typeof EventSource === 'undefined') return;
  const es = new EventSource(EVENTS_URL, { withCredentials: true });
  source = es;
  es.addEventListener('payment', (message) => {
    try {
      const data = JSON.parse((message as MessageEvent<string>).data) as { paymentId: string; status: string };
      tell({ type: 'LIVE_PAYMENT', paymentId: data.paymentId, status: data.status });
    } catch {
      // not ours
    }
  });
  es.addEventListener('message', (message) => {
    try {
      const data = JSON.parse((message as MessageEvent<string>).data) as { paymentId: string };
      tell({ type: 'LIVE_PAYMENT', paymentId: data.paymentId, status: 'message' });
    } catch {
      // not ours
    }
  });
  es.addEventListener('transfer', (message) => {
    try {
      const data = JSON.parse((message as MessageEvent<string>).data) as { kind: 'deposit' | 'withdrawal'; transferId: string; status: string };
      tell({ type: 'LIVE_TRANSFER', kind: data.kind, transferId: data.transferId, status: data.status });
    } catch {
      // not ours
    }
  });
  es.addEventListener('reset', () => tell({ type: 'LIVE_RESET' }));
  es.addEventListener('ready', () => {
    if (dropped) tell({ type: 'LIVE_RESET' });
    dropped = false;
  });
  es.addEventListener('error', () => {
    dropped = true;
    // CONNECTING: EventSource retries by itself (and the server replays). CLOSED: a refusal (429, 401): later.
    if (es.readyState !== EventSource.CLOSED) return;
    source = null;
    if (!reopenTimer && listeners.size > 0) {
      reopenTimer = setTimeout(() => {
        reopenTimer = null;
        if (listeners.size > 0) open();
      }, REOPEN_MS);
    }
  });
}

/**
 * Follows the stream outside a machine: `listener` hears every event until the returned function is called. For a
 * page whose machine is shared with pages that do not follow the stream (the open orders' resource-view machine):
 * the page turns the events it cares about into the machine's own RELOAD.
 */
export function followLiveUpdates(listener: Listener): () => void {
  listeners.add(listener);
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = null;
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || closeTimer) return;
    closeTimer = setTimeout(() => {
      closeTimer = null;
      if (listeners.size > 0) return;
      source?.close();
      source = null;
    }, LINGER_MS);
  };
}

/** The `liveUpdates` actor the pages provide to their machines. */
export const liveUpdates = fromCallback<LiveEvent, LiveUpdatesInput>(({ sendBack }) => followLiveUpdates((event) => sendBack(event)));
