import { expect } from 'vitest';
import { NOTIFICATION_TIMEOUT_MS } from '../../domain/limits';
import { catalogue } from '../../machines/catalogue';
import type { toastMachine } from '../../machines/notifications.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

/** What the queue was told: the ids the toast reported hidden (reportHidden is TOAST_HIDDEN to its parent). */
interface Fakes {
  reported: string[];
}
type Ctx = StepContext<typeof toastMachine, Fakes>;

/** On screen: the message exactly as the queue gave it, and the queue not told anything yet. */
function onScreen({ snapshot, input, actions, fakes }: Ctx) {
  expect(snapshot.status).toBe('active');
  expect(snapshot.context).toEqual(input);
  expect(actions).toEqual([]);
  expect(fakes.reported).toEqual([]);
}

// Input and samples come from the catalogue, so these paths are the ones docs/flows/toast.md lists.
describeModel('toast machine (model-based)', {
  ...fromCatalogue(catalogue.toast),
  setup: () => {
    const fakes: Fakes = { reported: [] };
    const machine = catalogue.toast.fake().provide({
      actions: { reportHidden: ({ context }) => void fakes.reported.push(context.id) },
    });
    return { machine, fakes };
  },
  states: {
    'visible.counting': (ctx) => {
      onScreen(ctx);
      // Shown, or shown again after the pointer or focus left it: the full 5 s from now, on one timer.
      expect(['init', 'RESUME']).toContain(ctx.step);
      expect(ctx.scheduled).toEqual([{ event: 'after:timeout', dueIn: NOTIFICATION_TIMEOUT_MS }]);
    },
    'visible.paused': (ctx) => {
      onScreen(ctx);
      // WCAG 2.2.1: while the pointer or keyboard focus is on it, no timer runs at all.
      expect(ctx.step).toBe('PAUSE');
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
