import { MAX_VISIBLE_NOTIFICATIONS, notificationsMachine } from './notifications.machine';
import { entry } from './catalogue-entry';

/** The flow atlas entry of `notifications` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: notificationsMachine,
  purpose: `The messages on screen: at most ${MAX_VISIBLE_NOTIFICATIONS}, a repeat shown once, the oldest dropped when full, each removed when its toast hides, all dismissed at once.`,
  // Nothing to fake: its only effects are the toast children it spawns, whose timers run on the test's clock.
  views: ['src/ui/notifications/notification-region.tsx'],
  operations: {},
  tests: ['tests/unit/web/notifications-machine.test.ts'],
  fake: () => notificationsMachine,
  events: {
    // Five different messages, so a path can fill the queue (four) and then overflow it (isFull); sending one
    // already on screen takes isAlreadyShown. The last has the same text as the one before with another kind:
    // not a repeat, so a guard comparing only the text would show up.
    NOTIFY: [
      { type: 'NOTIFY', kind: 'error', message: 'Card declined' },
      { type: 'NOTIFY', kind: 'success', message: 'Link copied' },
      { type: 'NOTIFY', kind: 'warning', message: 'Bank details differ' },
      { type: 'NOTIFY', kind: 'error', message: 'Something went wrong. Please try again.' },
      { type: 'NOTIFY', kind: 'warning', message: 'Something went wrong. Please try again.' },
    ],
    // What a toast sends when it hides: the first toast (the oldest while the queue has not overflowed) and the
    // second, so a path removes one from the middle too and the others must keep their order.
    TOAST_HIDDEN: [
      { type: 'TOAST_HIDDEN', id: 'notification-1' },
      { type: 'TOAST_HIDDEN', id: 'notification-2' },
    ],
    DISMISS_ALL: { type: 'DISMISS_ALL' },
  },
  // Only how many are shown: ids and the id counter grow forever, and which messages are shown is fixed by the
  // path that got there. Capped one above the maximum, so a queue that overflowed would end the graph (and fail
  // its assertion) instead of growing it.
  serializeState: (snapshot) => JSON.stringify({ toasts: Math.min(snapshot.context.toasts.length, MAX_VISIBLE_NOTIFICATIONS + 1) }),
});
