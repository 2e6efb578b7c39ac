/**
 * What someone typed, chose or sent in a server-rendered page before the app took it over (main.tsx hydrates it; on
 * a slow phone the form is on screen a second or more before that). React keeps the DOM's values when it hydrates,
 * but its state is still what it rendered, so the first submit would send empty fields; and a form sent before
 * hydration would be the browser's own submission, a reload that loses what was typed.
 *
 * `holdEarlyInput` (as soon as the entry runs) holds back a submit until then; the function it returns (once the
 * page is hydrated, ./after-hydration.ts) hands each field whose value differs from what React rendered to React as
 * an ordinary change, then sends the held form. Before the entry has run, a submit is the browser's: our forms'
 * fields have no `name`, so it sends nothing and reloads the page.
 */
export function holdEarlyInput(root: HTMLElement): () => void {
  let held: HTMLFormElement | null = null;
  const hold = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement) || !root.contains(event.target)) return;
    event.preventDefault();
    held = event.target;
  };
  document.addEventListener('submit', hold, true);
  return () => {
    document.removeEventListener('submit', hold, true);
    replayValues(root);
    const form: HTMLFormElement | null = held;
    if (form?.isConnected) form.requestSubmit();
  };
}

/**
 * React tracks a field's value through a setter on the element itself: setting the rendered value through it, then
 * the typed one through the prototype's setter, makes the next `input` event a change React reports. A select reports
 * on `change`. Checkboxes and radios are left alone: no server-rendered page has one.
 */
function replayValues(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.type === 'checkbox' || field.type === 'radio' || field.value === field.defaultValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const select of root.querySelectorAll('select')) {
    const chosen = [...select.options].findIndex((option) => option.selected);
    const rendered = [...select.options].findIndex((option) => option.defaultSelected);
    if (chosen !== rendered && rendered !== -1) select.dispatchEvent(new Event('change', { bubbles: true }));
  }
}
