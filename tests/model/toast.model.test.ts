import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import type { ToastEvent, ToastHold, toastMachine } from '../../machines/notifications.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

/** Spec §4 Notifications: a notification auto-hides after 5 seconds (written out: issue 24 item 9). */
const NOTIFICATION_TIMEOUT_MS = 5_000;

interface Fakes {
  /** What the queue was told: the ids the toast reported hidden (reportHidden is TOAST_HIDDEN to its parent). */
  reported: string[];
  /** Where the pointer and focus are, as the path's PAUSE and RESUME events said (enter/leave, focus/blur). */
  on: Record<ToastHold, boolean>;
}
type Ctx = StepContext<typeof toastMachine, Fakes>;

/**
 * On screen: the message exactly as the queue gave it, the queue not told anything yet, and the machine holding
 * it by exactly what is on it now (after this step's PAUSE or RESUME).
 */
function onScreen({ snapshot, event, input, actions, fakes }: Ctx) {
  if (event.type === 'PAUSE' || event.type === 'RESUME') fakes.on[(event as ToastEvent & { by: ToastHold }).by] = event.type === 'PAUSE';
  expect(snapshot.status).toBe('active');
  const { heldBy, ...shown } = snapshot.context;
  expect(shown).toEqual(input);
  expect(heldBy).toEqual(fakes.on);
  expect(actions).toEqual([]);
  expect(fakes.reported).toEqual([]);
  return fakes.on.pointer || fakes.on.focus;
}

// Input and samples come from the catalogue, so these paths are the ones docs/flows/toast.md lists.
describeModel('toast machine (model-based)', {
  ...fromCatalogue(catalogue.toast),
  setup: () => {
    const fakes: Fakes = { reported: [], on: { pointer: false, focus: false } };
    const machine = catalogue.toast.fake().provide({
      actions: { reportHidden: ({ context }) => void fakes.reported.push(context.id) },
    });
    return { machine, fakes };
  },
  states: {
    'visible.counting': (ctx) => {
      // Nothing on it: shown, or shown again once the last of pointer and focus left: the full 5 s from now.
      expect(onScreen(ctx)).toBe(false);
      expect(ctx.scheduled).toEqual([{ event: 'after:timeout', dueIn: NOTIFICATION_TIMEOUT_MS }]);
    },
    'visible.paused': (ctx) => {
      // WCAG 2.2.1: while the pointer or keyboard focus is on it — either one, even after the other left — no
      // timer runs at all.
      expect(onScreen(ctx)).toBe(true);
      expect(ctx.scheduled).toEqual([]);
    },
    hidden: ({ snapshot, input, step, actions, scheduled, fakes }) => {
      // Gone from the screen: closed by the reader, or its time ran out; the queue is told once, with its id,
      // and nothing is left to fire later.
      expect(['CLOSE', 'after:timeout']).toContain(step);
      expect(snapshot.status).toBe('done');
      expect(actions).toEqual(['reportHidden']);
      expect(fakes.reported).toEqual([input.id]);
      expect(scheduled).toEqual([]);
    },
  },
});
