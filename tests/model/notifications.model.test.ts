import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import {
  type NotificationsEvent,
  type notificationsMachine,
  type ToastActorRef,
} from '../../machines/notifications.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

/** At most four messages on screen at once (written out, not read from the machine: issue 24 item 9). */
const MAX_VISIBLE_NOTIFICATIONS = 4;

/**
 * The queue as the previous step left it, so each step can be checked against what it changed. The toasts are
 * kept by reference: a toast that stays must be the same actor (its timer keeps running), not a new one.
 */
interface Fakes {
  before: ToastActorRef[];
  /** Every id ever shown on this path: a new message never reuses one (the view keys its list by id). */
  ids: Set<string>;
}
type Ctx = StepContext<typeof notificationsMachine, Fakes>;

/** What the view renders for a toast: its kind and its (already translated) text. */
const shown = (toasts: ToastActorRef[]) =>
  toasts.map((toast) => {
    const { kind, message } = toast.getSnapshot().context;
    return `${kind}: ${message}`;
  });
const idsOf = (toasts: ToastActorRef[]) => toasts.map((toast) => toast.id);

/** The same actors in the same order (by identity: the ids say which, the references that nothing was re-created). */
function sameToasts(actual: ToastActorRef[], expected: ToastActorRef[]) {
  expect(idsOf(actual)).toEqual(idsOf(expected));
  actual.forEach((toast, i) => expect(toast === expected[i], `${toast.id} was re-created`).toBe(true));
}

const stopped = (toast: ToastActorRef) => expect(toast.getSnapshot().status, `${toast.id} still runs`).toBe('stopped');

// Samples come from the catalogue (five messages, two toast reports), so these paths are the ones
// docs/flows/notifications.md lists.
describeModel('notifications machine (model-based)', {
  ...fromCatalogue(catalogue.notifications),
  setup: () => ({ machine: catalogue.notifications.fake(), fakes: { before: [], ids: new Set<string>() } }),
  states: {
    // The queue has no states of its own: what it means is the list of messages on screen.
    '(machine)': ({ snapshot, event: anyEvent, fakes }: Ctx) => {
      const { toasts } = snapshot.context;
      const { before } = fakes;

      // Always: at most four, no message twice, each a live toast of this queue still counting down (the
      // model's clock never moves, so none has hidden by itself), and no child left behind that is not shown.
      expect(toasts.length).toBeLessThanOrEqual(MAX_VISIBLE_NOTIFICATIONS);
      expect(new Set(shown(toasts)).size, `shown twice: ${shown(toasts).join(' | ')}`).toBe(toasts.length);
      for (const toast of toasts) {
        expect(toast.getSnapshot().status).toBe('active');
        expect(toast.getSnapshot().value).toEqual({ visible: 'counting' });
        expect(toast.getSnapshot().context.id).toBe(toast.id);
      }
      expect(Object.keys(snapshot.children).sort()).toEqual(idsOf(toasts).sort());

      const event = anyEvent as NotificationsEvent | { type: 'xstate.init' };
      switch (event.type) {
        case 'xstate.init':
          expect(toasts).toEqual([]);
          break;
        case 'NOTIFY': {
          const text = `${event.kind}: ${event.message}`;
          if (shown(before).includes(text)) {
            // A repeat (same kind and text) is already on screen: nothing changes.
            sameToasts(toasts, before);
            break;
          }
          // A new message goes last; when four were shown, the oldest goes and its timer is stopped with it.
          const full = before.length === MAX_VISIBLE_NOTIFICATIONS;
          const kept = full ? before.slice(1) : before;
          sameToasts(toasts.slice(0, -1), kept);
          const added = toasts.at(-1)!;
          expect(shown([added])).toEqual([text]);
          expect(fakes.ids.has(added.id), `${added.id} was used before`).toBe(false);
          if (full) stopped(before[0]!);
          break;
        }
        case 'TOAST_HIDDEN': {
          // The toast that hid leaves the list (the others keep their order); a report for one no longer
          // shown (dropped or dismissed before it could report) changes nothing.
          sameToasts(toasts, before.filter((toast) => toast.id !== event.id));
          before.filter((toast) => toast.id === event.id).forEach(stopped);
          break;
        }
        case 'DISMISS_ALL':
          expect(toasts).toEqual([]);
          before.forEach(stopped);
          break;
        default:
          throw new Error(`unexpected event ${JSON.stringify(event)}`);
      }

      fakes.before = [...toasts];
      for (const toast of toasts) fakes.ids.add(toast.id);
    },
  },
});
