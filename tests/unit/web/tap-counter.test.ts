import { describe, expect, it } from 'vitest';
import { installTapCounter, type TapRecord } from '../../e2e/support/tap-counter';

/** The e2e tap counter (issue 22 item 11) against a fake window: what counts as a tap, what as typing. */

type Listener = (event: unknown) => void;

interface FakeElement {
  tagName: string;
  type?: string;
  id?: string;
  textContent?: string;
  attributes?: Record<string, string>;
  labels?: { textContent: string }[];
  parent?: FakeElement;
}

function element(tagName: string, props: Omit<FakeElement, 'tagName'> = {}) {
  const el: FakeElement & { getAttribute(name: string): string | null; closest(selector: string): unknown } = {
    tagName: tagName.toUpperCase(),
    ...props,
    getAttribute: (name) => props.attributes?.[name] ?? null,
    // Enough of closest() for the counter's one selector: the element itself if it is a control, else its parent.
    closest: () => (/^(BUTTON|A|INPUT|SELECT|LABEL)$/u.test(tagName.toUpperCase()) || props.attributes?.role ? el : (props.parent ?? null)),
  };
  return el;
}

function fakeWindow(trustedOnly = false) {
  const listeners = new Map<string, Listener>();
  const store = new Map<string, string>();
  const win = {
    document: { addEventListener: (type: string, listener: Listener) => listeners.set(type, listener) },
    sessionStorage: { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) },
  };
  installTapCounter(win as never, { trustedOnly, storageKey: 'taps' });
  const fire = (type: string, event: Record<string, unknown>) => listeners.get(type)!({ isTrusted: true, ...event });
  const record = () => (JSON.parse(store.get('taps') ?? 'null') as TapRecord | null) ?? { taps: 0, log: [], typed: [] };
  return { fire, record, store };
}

describe('tap counter', () => {
  it('counts a press of the primary pointer on a button, a link, an option, a checkbox — once each', () => {
    const { fire, record } = fakeWindow();
    fire('pointerdown', { isPrimary: true, button: 0, target: element('button', { textContent: 'Pay $20.00' }) });
    fire('pointerdown', { isPrimary: true, button: 0, target: element('a', { textContent: 'Send' }) });
    fire('pointerdown', { isPrimary: true, button: 0, target: element('li', { attributes: { role: 'option' }, textContent: '@maya' }) });
    fire('pointerdown', { isPrimary: true, button: 0, target: element('input', { type: 'checkbox', id: 'save', labels: [{ textContent: 'Save this card' }] }) });
    expect(record().taps).toBe(4);
    expect(record().log).toEqual(['tap button "Pay $20.00"', 'tap a "Send"', 'tap option "@maya"', 'tap input[checkbox] "Save this card"']);
  });

  it('does not count a click event (a label forwards one to its control), a secondary button or a second finger', () => {
    const { fire, record } = fakeWindow();
    fire('pointerdown', { isPrimary: true, button: 2, target: element('button') });
    fire('pointerdown', { isPrimary: false, button: 0, target: element('button') });
    expect(record().taps).toBe(0);
  });

  it('counts tapping into a text field as typing, not as a tap; typing counts the fields, not the keys', () => {
    const { fire, record } = fakeWindow();
    const amount = element('input', { type: 'text', id: 'amount' });
    const note = element('textarea', { id: 'note' });
    fire('pointerdown', { isPrimary: true, button: 0, target: amount });
    fire('input', { target: amount });
    fire('input', { target: amount });
    fire('input', { target: note });
    // A checkbox's input event is no typing.
    fire('input', { target: element('input', { type: 'checkbox', id: 'save' }) });
    expect(record()).toMatchObject({ taps: 0, typed: ['amount', 'note'] });
  });

  it('counts Enter on a button or in a one-line field (it submits), not in a text area; Space on a button', () => {
    const { fire, record } = fakeWindow();
    fire('keydown', { key: 'Enter', target: element('input', { type: 'text', id: 'amount' }) });
    fire('keydown', { key: 'Enter', target: element('textarea', { id: 'note' }) });
    fire('keydown', { key: ' ', target: element('button', { textContent: 'Next' }) });
    fire('keydown', { key: ' ', target: element('input', { type: 'text', id: 'amount' }) });
    fire('keydown', { key: 'Enter', repeat: true, target: element('button') });
    fire('keydown', { key: 'a', target: element('button') });
    expect(record().taps).toBe(2);
  });

  it('counts a choice from a drop-down list, however it was made', () => {
    const { fire, record } = fakeWindow();
    fire('change', { isTrusted: false, target: element('select', { id: 'country' }) });
    fire('change', { target: element('input', { type: 'text', id: 'amount' }) });
    expect(record().taps).toBe(1);
  });

  it('ignores events the browser did not make from real input when told to (in the browser)', () => {
    const { fire, record } = fakeWindow(true);
    fire('pointerdown', { isTrusted: false, isPrimary: true, button: 0, target: element('button') });
    fire('keydown', { isTrusted: false, key: 'Enter', target: element('button') });
    fire('pointerdown', { isPrimary: true, button: 0, target: element('button') });
    expect(record().taps).toBe(1);
  });

  it('keeps the count in storage, so a second counter (the next page) goes on from it; a broken entry starts again', () => {
    const { fire, store } = fakeWindow();
    fire('pointerdown', { isPrimary: true, button: 0, target: element('button') });
    const listeners = new Map<string, Listener>();
    installTapCounter(
      { document: { addEventListener: (type: string, listener: Listener) => listeners.set(type, listener) }, sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) } } as never,
      { trustedOnly: false, storageKey: 'taps' },
    );
    listeners.get('pointerdown')!({ isPrimary: true, button: 0, target: element('button') });
    expect((JSON.parse(store.get('taps')!) as TapRecord).taps).toBe(2);
    store.set('taps', '{not json');
    listeners.get('pointerdown')!({ isPrimary: true, button: 0, target: element('button') });
    expect((JSON.parse(store.get('taps')!) as TapRecord).taps).toBe(1);
  });
});
