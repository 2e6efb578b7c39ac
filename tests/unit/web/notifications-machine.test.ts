import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { MAX_VISIBLE_NOTIFICATIONS, notificationsMachine } from '../../../machines/notifications.machine';
import { NOTIFICATION_TIMEOUT_MS } from '../../../domain/limits';

function start() {
  const actor = createActor(notificationsMachine).start();
  const shown = () =>
    actor.getSnapshot().context.toasts.map((toast) => {
      const { kind, message } = toast.getSnapshot().context;
      return `${kind}:${message}`;
    });
  const notify = (kind: 'error' | 'success' | 'warning', message: string) =>
    actor.send({ type: 'NOTIFY', kind, message });
  return { actor, shown, notify };
}

describe('notifications machine (spec 4 "Notifications")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows error, success and warning messages in arrival order', () => {
    const { shown, notify } = start();
    notify('error', 'Card declined');
    notify('success', 'Link copied');
    notify('warning', 'Bank details differ');
    expect(shown()).toEqual(['error:Card declined', 'success:Link copied', 'warning:Bank details differ']);
  });

  it('hides each message 5 s after it appeared, each on its own timer', () => {
    const { shown, notify } = start();
    notify('error', 'first');
    vi.advanceTimersByTime(3_000);
    notify('success', 'second');
    vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS - 3_000 - 1);
    expect(shown()).toEqual(['error:first', 'success:second']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual(['success:second']);
    vi.advanceTimersByTime(3_000);
    expect(shown()).toEqual([]);
  });

  it('closes a message on demand', () => {
    const { actor, shown, notify } = start();
    notify('error', 'one');
    notify('error', 'two');
    actor.getSnapshot().context.toasts[0]!.send({ type: 'CLOSE' });
    expect(shown()).toEqual(['error:two']);
  });

  it('keeps a message while it is hovered or focused, then gives it the full time again', () => {
    const { actor, shown, notify } = start();
    notify('warning', 'read me');
    const toast = actor.getSnapshot().context.toasts[0]!;
    vi.advanceTimersByTime(4_000);
    toast.send({ type: 'PAUSE', by: 'pointer' });
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['warning:read me']);
    toast.send({ type: 'RESUME', by: 'pointer' });
    vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS - 1);
    expect(shown()).toEqual(['warning:read me']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('keeps a message while keyboard focus stays in it after the pointer has left (WCAG 2.2.1)', () => {
    const { actor, shown, notify } = start();
    notify('error', 'Card declined');
    const toast = actor.getSnapshot().context.toasts[0]!;
    toast.send({ type: 'PAUSE', by: 'pointer' }); // pointer over it
    toast.send({ type: 'PAUSE', by: 'focus' }); // Tab to its close button
    toast.send({ type: 'RESUME', by: 'pointer' }); // pointer leaves; focus is still on the close button
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['error:Card declined']);
    toast.send({ type: 'RESUME', by: 'focus' }); // focus leaves too: the full time again
    vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS - 1);
    expect(shown()).toEqual(['error:Card declined']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('shows a repeated message once', () => {
    const { shown, notify } = start();
    notify('error', 'Something went wrong. Please try again.');
    notify('error', 'Something went wrong. Please try again.');
    notify('warning', 'Something went wrong. Please try again.');
    expect(shown()).toHaveLength(2);
  });

  it(`keeps at most ${MAX_VISIBLE_NOTIFICATIONS} on screen, dropping the oldest`, () => {
    const { shown, notify } = start();
    for (let index = 1; index <= MAX_VISIBLE_NOTIFICATIONS + 2; index += 1) notify('error', `failure ${index}`);
    expect(shown()).toEqual(
      Array.from({ length: MAX_VISIBLE_NOTIFICATIONS }, (_, index) => `error:failure ${index + 3}`),
    );
    // Dropped toasts were stopped: their timers no longer fire into the queue.
    vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS);
    expect(shown()).toEqual([]);
  });

  it('dismisses everything at once', () => {
    const { actor, shown, notify } = start();
    notify('success', 'a');
    notify('error', 'b');
    actor.send({ type: 'DISMISS_ALL' });
    expect(shown()).toEqual([]);
    expect(Object.keys(actor.getSnapshot().children)).toEqual([]);
  });

  it('gives every message a distinct, stable id', () => {
    const { actor, notify } = start();
    notify('success', 'a');
    notify('success', 'b');
    expect(actor.getSnapshot().context.toasts.map((toast) => toast.id)).toEqual(['notification-1', 'notification-2']);
  });
});
