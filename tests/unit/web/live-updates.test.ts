import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import type { LiveEvent } from '../../../machines/live/live-updates';

/** A stand-in for the browser's EventSource: the test plays the server. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  private readonly handlers = new Map<string, ((e: { data?: string }) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: { withCredentials?: boolean },
  ) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, handler: (e: { data?: string }) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data?: unknown) {
    for (const h of this.handlers.get(type) ?? []) h(data === undefined ? {} : { data: JSON.stringify(data) });
  }
}

/** A page's machine that follows the live updates and keeps what it heard. */
async function follower() {
  const { liveUpdates } = await import('../../../src/api/live-updates');
  const machine = setup({
    types: { context: {} as { heard: LiveEvent[] }, events: {} as LiveEvent | { type: 'LEAVE' } },
    actors: { liveUpdates },
  }).createMachine({
    context: { heard: [] },
    initial: 'shown',
    states: {
      shown: {
        invoke: { src: 'liveUpdates', input: { userId: 'u1' } },
        on: {
          LIVE_PAYMENT: { actions: assign({ heard: ({ context, event }) => [...context.heard, event as LiveEvent] }) },
          LIVE_TRANSFER: { actions: assign({ heard: ({ context, event }) => [...context.heard, event as LiveEvent] }) },
          LIVE_RESET: { actions: assign({ heard: ({ context, event }) => [...context.heard, event as LiveEvent] }) },
          LEAVE: 'left',
        },
      },
      left: {},
    },
  });
  return createActor(machine).start();
}

describe('the host live-updates actor (src/api/live-updates.ts, issue 23.4)', () => {
  beforeAll(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterAll(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('one EventSource for every machine that follows; each hears the payment and transfer changes and resets', async () => {
    const home = await follower();
    const details = await follower();
    expect(FakeEventSource.made).toHaveLength(1);
    const source = FakeEventSource.made[0]!;
    expect(source.url).toBe('/api/app/events');
    source.emit('ready', {});
    source.emit('payment', { paymentId: 'p1', status: 'complete', kind: 'send' });
    source.emit('message', { paymentId: 'p1' });
    source.emit('transfer', { kind: 'deposit', transferId: 'd1', status: 'complete' });
    source.emit('reset', {});
    // EventSource lost the connection and made it again (the server replays the payment changes, not messages).
    source.emit('error');
    source.emit('ready', {});
    for (const actor of [home, details]) {
      expect(actor.getSnapshot().context.heard).toEqual([
        { type: 'LIVE_PAYMENT', paymentId: 'p1', status: 'complete' },
        { type: 'LIVE_PAYMENT', paymentId: 'p1', status: 'message' },
        { type: 'LIVE_TRANSFER', kind: 'deposit', transferId: 'd1', status: 'complete' },
        { type: 'LIVE_RESET' },
        { type: 'LIVE_RESET' },
      ]);
    }
    // A page change: the stream stays a moment for the next page, then goes when nobody follows it.
    home.send({ type: 'LEAVE' });
    details.send({ type: 'LEAVE' });
    expect(source.closed).toBe(false);
    const next = await follower();
    vi.advanceTimersByTime(10_000);
    expect(source.closed).toBe(false);
    expect(FakeEventSource.made).toHaveLength(1);
    next.send({ type: 'LEAVE' });
    vi.advanceTimersByTime(5_000);
    expect(source.closed).toBe(true);
  });

  it('a stream the server refused (closed for good) is tried again later, and what was missed is refetched', async () => {
    const before = FakeEventSource.made.length;
    const page = await follower();
    const first = FakeEventSource.made[before]!;
    first.readyState = FakeEventSource.CLOSED;
    first.emit('error');
    expect(FakeEventSource.made).toHaveLength(before + 1);
    vi.advanceTimersByTime(30_000);
    expect(FakeEventSource.made).toHaveLength(before + 2);
    FakeEventSource.made[before + 1]!.emit('ready', {});
    expect(page.getSnapshot().context.heard).toEqual([{ type: 'LIVE_RESET' }]);
    page.send({ type: 'LEAVE' });
    vi.advanceTimersByTime(5_000);
  });
});
