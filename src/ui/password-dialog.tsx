import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle';
import type { PasswordDialogProps } from './password-dialog-view';

export type { PasswordDialogProps } from './password-dialog-view';

const loadView = () => import('./password-dialog-view');
const PasswordDialogView = lazy(() => loadView().then((m) => ({ default: m.PasswordDialogView })));

/**
 * The step-up dialog (password-dialog-view.tsx), loaded apart from the page that shows it. Its machinery (Ark's
 * dialog, zag's machine, focus trap, dismiss and scroll lock) is ~11 KB gzip; imported directly it travelled in the
 * chunk the signed-in pages share, so home — which never asks for a password — paid for it (over its 170 KB budget,
 * tests/e2e/bundle-budget.spec.ts). The chunk is fetched when the page is idle, and the dialog is mounted from the
 * first time it is wanted (open) on, so Ark keeps its state and returns focus as before — the same pattern as the
 * shell's logout dialog (src/layouts/app-shell/logout-button.tsx).
 */
export function PasswordDialog(props: PasswordDialogProps) {
  // Whether the dialog has been wanted yet: a detail of how it loads, not a step of any flow.
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  useEffect(() => {
    void whenIdle().then(loadView).catch(() => {
      // Fetched again when first opened; a failure then shows the page's reload prompt.
    });
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PasswordDialogView {...props} />
    </Suspense>
  );
}
