/**
 * WCAG 3.3.1: after a refused submit, focus moves to the first field in error (or the form's alert when no
 * field explains the failure), so keyboard and screen-reader users land on the message. The machine decides
 * when (its `focusFirstError` action); the DOM shows the errors a frame or two later, so this waits for them.
 */
export function focusFirstError(formId: string): void {
  let frames = 0;
  const attempt = () => {
    const form = document.getElementById(formId);
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-alert]');
    if (target) {
      target.focus();
      return;
    }
    frames += 1;
    if (frames < 30) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
