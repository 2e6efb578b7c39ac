import { NOTIFICATION_TIMEOUT_MS } from '../domain/limits';
import { toastMachine, type Notification } from './notifications.machine';
import { entry } from './catalogue-entry';

/** One notification as the queue gives it to its toast (ids are `notification-<n>`, counted from 1). */
const cardDeclined: Notification = { id: 'notification-1', kind: 'error', message: 'Card declined' };

/** The flow atlas entry of `toast` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: toastMachine,
  purpose: `One notification on screen: hides itself after ${NOTIFICATION_TIMEOUT_MS / 1000} s unless the pointer or focus is on it, or when closed, and tells the queue.`,
  // Alone it has no queue to tell (sendParent would fail); the notifications model covers the queue's side.
  views: ['src/ui/notifications/toast-item.tsx'],
  operations: {},
  tests: ['tests/unit/web/notifications-machine.test.ts'],
  fake: () => toastMachine.provide({ actions: { reportHidden: () => {} } }),
  inputs: { shown: cardDeclined },
  // Pointer and focus each way, so paths hold it by both and release one (heldByOther) then the other.
  events: {
    PAUSE: [
      { type: 'PAUSE', by: 'pointer' },
      { type: 'PAUSE', by: 'focus' },
    ],
    RESUME: [
      { type: 'RESUME', by: 'pointer' },
      { type: 'RESUME', by: 'focus' },
    ],
    CLOSE: { type: 'CLOSE' },
  },
});
