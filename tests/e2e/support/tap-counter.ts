/**
 * Counts what a person does on the page (issue 22 item 11, "Taps, measured"): taps on one side, typing on the other.
 *
 * Installed in the page itself (page.addInitScript), so it counts the events the browser received — what the
 * person did — not the calls the test code made. Kept in sessionStorage, so a full navigation (a link out of a
 * server-rendered page, say) does not lose the count.
 *
 * - A **tap** is a press of the primary pointer (mouse button or finger) on anything but a text field; an Enter or
 *   Space pressed on a button, link, checkbox or radio, or an Enter that submits from a one-line field; or a choice
 *   made in a drop-down list (`change` on a select; opening the list with the pointer is a tap of its own).
 * - **Typing** is counted as the number of distinct fields typed into (`input` on a text field or text area).
 *   Tapping into a field to type in it belongs to the typing, not to the taps.
 *
 * Self-contained (no imports, no closures over module scope): Playwright sends the function's source to the page.
 */

export const TAP_STORE_KEY = 'tipjar-e2e-taps';

export interface TapRecord {
  taps: number;
  /** One line per tap, for a failure message: what was pressed, as the page names it. */
  log: string[];
  /** The fields typed into, by id (or name, or label). */
  typed: string[];
}

interface TapCounterOptions {
  /** Count only events the browser made from real input (`isTrusted`): true in the browser; the unit test's fake events are not. */
  trustedOnly: boolean;
  storageKey: string;
}

/** The slice of `window` the counter uses: small enough for the unit test to fake. */
interface TapWindow {
  document: { addEventListener(type: string, listener: (event: never) => void, capture: boolean): void };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

export function installTapCounter(win: TapWindow, options: TapCounterOptions): void {
  const TEXT_TYPES = ['', 'text', 'search', 'email', 'tel', 'url', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week'];
  type Target = {
    tagName?: string;
    type?: string;
    id?: string;
    name?: string;
    isContentEditable?: boolean;
    textContent?: string | null;
    getAttribute?: (name: string) => string | null;
    /** A form control's labels: what names a radio or a checkbox. */
    labels?: ArrayLike<{ textContent?: string | null }> | null;
    closest?: (selector: string) => Target | null;
  };
  const read = (): TapRecord => {
    try {
      const stored = JSON.parse(win.sessionStorage.getItem(options.storageKey) ?? 'null') as TapRecord | null;
      if (stored && typeof stored.taps === 'number') return stored;
    } catch {
      // A broken entry starts again.
    }
    return { taps: 0, log: [], typed: [] };
  };
  const write = (record: TapRecord) => win.sessionStorage.setItem(options.storageKey, JSON.stringify(record));
  const tag = (el: Target | null) => (el?.tagName ?? '').toLowerCase();
  const isTextField = (el: Target | null) =>
    !!el && (tag(el) === 'textarea' || el.isContentEditable === true || (tag(el) === 'input' && TEXT_TYPES.includes((el.type ?? '').toLowerCase())));
  // What a tap landed on, as the person sees it: the control it belongs to and its name.
  const describe = (el: Target | null) => {
    const control = el?.closest?.('button, a, input, select, label, [role]') ?? el;
    const name = (control?.getAttribute?.('aria-label') ?? (control?.labels?.[0]?.textContent || control?.textContent) ?? '').replace(/\s+/gu, ' ').trim().slice(0, 60);
    const role = control?.getAttribute?.('role') ?? (tag(control) === 'input' ? `input[${control?.type ?? ''}]` : tag(control));
    return `${role} "${name}"`;
  };
  const tap = (el: Target | null, how: string) => {
    const record = read();
    record.taps += 1;
    record.log.push(`${how} ${describe(el)}`);
    write(record);
  };
  const trusted = (event: { isTrusted?: boolean }) => !options.trustedOnly || event.isTrusted === true;

  win.document.addEventListener(
    'pointerdown',
    ((event: { isTrusted?: boolean; isPrimary?: boolean; button?: number; target: Target | null }) => {
      if (!trusted(event) || event.isPrimary === false || (event.button ?? 0) !== 0) return;
      if (isTextField(event.target)) return;
      tap(event.target, 'tap');
    }) as (event: never) => void,
    true,
  );
  win.document.addEventListener(
    'keydown',
    ((event: { isTrusted?: boolean; key?: string; repeat?: boolean; target: Target | null }) => {
      if (!trusted(event) || event.repeat) return;
      const el = event.target;
      const kind = tag(el);
      const role = el?.getAttribute?.('role') ?? '';
      const pressable = kind === 'button' || kind === 'a' || ['button', 'link', 'checkbox', 'radio', 'option', 'tab', 'switch'].includes(role) ||
        (kind === 'input' && ['checkbox', 'radio', 'button', 'submit'].includes((el?.type ?? '').toLowerCase()));
      if (event.key === 'Enter' && (pressable || (isTextField(el) && kind !== 'textarea' && el?.isContentEditable !== true))) tap(el, 'enter');
      else if (event.key === ' ' && pressable) tap(el, 'space');
    }) as (event: never) => void,
    true,
  );
  win.document.addEventListener(
    'change',
    ((event: { target: Target | null }) => {
      // A choice from a list: a person's pick is trusted, Playwright's selectOption is not; both are a choice made.
      if (tag(event.target) === 'select') tap(event.target, 'choose');
    }) as (event: never) => void,
    true,
  );
  win.document.addEventListener(
    'input',
    ((event: { isTrusted?: boolean; target: Target | null }) => {
      const el = event.target;
      if (!isTextField(el)) return;
      const field = el?.id || el?.name || el?.getAttribute?.('aria-label') || tag(el);
      const record = read();
      if (!record.typed.includes(field!)) {
        record.typed.push(field!);
        write(record);
      }
    }) as (event: never) => void,
    true,
  );
}
