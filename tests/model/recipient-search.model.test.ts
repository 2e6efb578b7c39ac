import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import type { Person } from '../../machines/payments/person';
import type { recipientSearchMachine } from '../../machines/recipient-search.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { ann, annabel } from './support/payments-fixtures';

interface Fakes {
  /** What the host was told after each change of the choice. */
  reported: Array<Person | null>;
}
type Ctx = StepContext<typeof recipientSearchMachine, Fakes>;

/** No list and no choice: the host was told "nobody" if this step dropped a choice. */
function noChoice({ snapshot, step, actions, fakes }: Ctx) {
  expect(snapshot.context.selected).toBeNull();
  if (step.startsWith('TYPE')) {
    expect(actions).toEqual(['reportSelection']);
    expect(fakes.reported.at(-1)).toBeNull();
  }
}

function idle(ctx: Ctx) {
  expect(ctx.running).toEqual([]);
  expect(ctx.scheduled).toEqual([]);
}

// Expectations written out, never computed by domain/user-search (issue 24 item 9). Spec §5: suggestions need at
// least 3 characters; filtering ignores case and spaces, with a 300 ms debounce.
const DEBOUNCE_MS = 300;
/** The texts the samples leave in the field: whether they are searched, and as which term. */
const SEARCH_TERM: Record<string, string | null> = { '': null, an: null, ann: 'ann', anna: 'anna' };
function termOf(text: string) {
  if (!(text in SEARCH_TERM)) throw new Error(`no literal expectation for the text ${JSON.stringify(text)}: add it to SEARCH_TERM`);
  return SEARCH_TERM[text];
}
/** Texts that still name Ann, the only person chosen: her @username as SELECT writes it, or her username typed. */
const NAMES_ANN = ['@ann', 'ann'];

describeModel('recipient-search machine (model-based)', {
  ...fromCatalogue(catalogue['recipient-search']),
  setup: () => {
    const fakes: Fakes = { reported: [] };
    const machine = catalogue['recipient-search'].fake().provide({
      actions: { reportSelection: (_, params) => void fakes.reported.push(params.person) },
    });
    return { machine, fakes };
  },
  states: {
    tooShort: (ctx) => {
      // Fewer than 3 characters that count: nothing asked, nothing listed.
      idle(ctx);
      expect(['init', 'TYPE[0]']).toContain(ctx.step);
      expect(termOf(ctx.snapshot.context.text)).toBeNull();
      expect(ctx.snapshot.context.results).toEqual([]);
      noChoice(ctx);
    },
    debouncing: (ctx) => {
      // A pause of 300 ms is awaited from the last keystroke; a search in flight was dropped.
      expect(ctx.step).toMatch(/^TYPE\[[12]\]$/u);
      expect(termOf(ctx.snapshot.context.text)).not.toBeNull();
      expect(ctx.running).toEqual([]);
      expect(ctx.scheduled).toEqual([{ event: 'after:debounce', dueIn: DEBOUNCE_MS }]);
      noChoice(ctx);
    },
    searching: ({ snapshot, step, running, invoked }) => {
      // One search with the normalised term, after the pause (or again, on RETRY).
      expect(['after:debounce', 'RETRY']).toContain(step);
      expect(invoked).toHaveLength(1);
      expect(running).toEqual([{ src: 'searchUsers', id: expect.any(String), input: { term: termOf(snapshot.context.text) } }]);
      expect(snapshot.context.selected).toBeNull();
    },
    suggestions: (ctx) => {
      idle(ctx);
      expect(ctx.step).toBe('searchUsers:done[0]');
      expect(ctx.snapshot.context.results).toEqual([ann, annabel]);
      expect(ctx.snapshot.context.selected).toBeNull();
    },
    nothingFound: (ctx) => {
      // An empty answer: the screen says 'nothing found'.
      idle(ctx);
      expect(ctx.step).toBe('searchUsers:done[1]');
      expect(ctx.snapshot.context.results).toEqual([]);
      expect(ctx.snapshot.context.selected).toBeNull();
    },
    failed: (ctx) => {
      idle(ctx);
      expect(ctx.step).toBe('searchUsers:error');
      expect(ctx.snapshot.context.results).toEqual([]);
    },
    chosen: (ctx) => {
      idle(ctx);
      const { snapshot, step, actions, fakes, input } = ctx;
      const { selected, text, results } = snapshot.context;
      expect(results).toEqual([]);
      expect(selected).not.toBeNull();
      // The field shows the person; whatever was typed since still names them.
      expect(selected).toEqual(ann);
      expect(NAMES_ANN).toContain(text);
      if (step === 'SELECT') {
        expect([selected, text]).toEqual([ann, '@ann']);
        expect(actions).toEqual(['reportSelection']);
        expect(fakes.reported.at(-1)).toEqual(ann);
      } else if (step === 'init') {
        expect(selected).toEqual(input.selected);
        expect(text).toBe('@ann');
      } else {
        // Retyping the name keeps the choice, and the host hears nothing new.
        expect(step).toBe('TYPE[1]');
        expect(actions).toEqual([]);
      }
    },
  },
});
