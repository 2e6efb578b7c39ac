import type { SnapshotFrom } from 'xstate';
import { stepOf } from './forms/step-meta';
import type { payoutLinkingMachine } from './payout-linking.machine';

type LinkingSnapshot = Pick<SnapshotFrom<typeof payoutLinkingMachine>, 'matches' | 'can' | 'getMeta'>;

/**
 * The payout-account screen as its machine shows it (issue 24 item 6): which part shows and the stepper's step come
 * from the states' `meta.step`; what Next/Connect, Back, Retry do from `can`. The page renders this and the values.
 */
export interface PayoutLinkingView {
  /** The part on screen: the provider loading or failing to, then the steps (credentials, confirm, error, success). */
  stage: 'loading' | 'loadFailed' | 'credentials' | 'confirm' | 'error' | 'success';
  /** The stepper's step; null before the provider is known (no stepper then). */
  step: number | null;
  /** What the form's submit sends now; null when it sends nothing. */
  submit: 'NEXT' | 'CONFIRM' | null;
  back: boolean;
  connect: { enabled: boolean; labelKey: 'payout.connect' | 'payout.connecting' };
  /** On the error step: the provider account is not activated (a link to the provider), or Retry may be pressed. */
  error: { notActivated: boolean; retry: boolean } | null;
  password: { open: boolean; busy: boolean };
}

const STAGES = ['credentials', 'confirm', 'error', 'success'] as const;

export function payoutLinkingView(snapshot: LinkingSnapshot): PayoutLinkingView {
  const step = stepOf(snapshot);
  const linking = snapshot.matches('linking');
  let stage: PayoutLinkingView['stage'];
  if (step !== null) stage = STAGES[step] ?? 'credentials';
  else stage = snapshot.matches('loadFailed') ? 'loadFailed' : 'loading';
  return {
    stage,
    step,
    submit: snapshot.can({ type: 'CONFIRM' }) ? 'CONFIRM' : snapshot.can({ type: 'NEXT' }) ? 'NEXT' : null,
    back: snapshot.can({ type: 'BACK' }),
    connect: { enabled: snapshot.can({ type: 'CONFIRM' }), labelKey: linking ? 'payout.connecting' : 'payout.connect' },
    error: stage === 'error' ? { notActivated: snapshot.matches({ error: 'notActivated' }), retry: snapshot.can({ type: 'RETRY' }) } : null,
    password: { open: snapshot.matches('confirmingPassword') || linking, busy: linking },
  };
}
