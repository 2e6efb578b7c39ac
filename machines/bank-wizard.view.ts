import type { SnapshotFrom } from 'xstate';
import { WIZARD_STEPS, type bankWizardMachine } from './bank-wizard.machine';
import { stepOf } from './forms/step-meta';

type WizardSnapshot = Pick<SnapshotFrom<typeof bankWizardMachine>, 'matches' | 'can' | 'getMeta'>;

/** The button at the end of the bar: what it sends, whether it submits the form, its words, whether it may be pressed. */
interface WizardPrimary {
  event: 'NEXT' | 'SAVE' | 'RETRY';
  /** A submit button (Enter sends its event too); Retry is a plain button. */
  submits: boolean;
  /** A key of the withdrawals namespace. */
  labelKey: 'actions.next' | 'wizard.save' | 'wizard.saving' | 'actions.retry';
  enabled: boolean;
}

/**
 * The bank-account wizard as its machine shows it (issue 24 item 6): the step from the states' `meta.step`, which
 * step's fields show, whether Back is offered and what the main button does — from `can` —, the failure and the
 * password dialog. The page renders this and the typed values.
 */
export interface BankWizardView {
  /** 0–3, for the stepper; the last step covers the password, saving, a failure and saved. */
  step: number;
  /** Whose fields (or the summary, on the last step) show. */
  section: (typeof WIZARD_STEPS)[number];
  /** Back is there only when the machine takes it. */
  back: boolean;
  primary: WizardPrimary;
  /** The save failed with nothing a field explains: its message over the summary. */
  failed: boolean;
  password: { open: boolean; busy: boolean };
}

export function bankWizardView(snapshot: WizardSnapshot): BankWizardView {
  const step = stepOf(snapshot) ?? 0;
  const saving = snapshot.matches('saving');
  let primary: WizardPrimary;
  if (snapshot.matches('failed')) primary = { event: 'RETRY', submits: false, labelKey: 'actions.retry', enabled: snapshot.can({ type: 'RETRY' }) };
  else if (step === 3) primary = { event: 'SAVE', submits: true, labelKey: saving ? 'wizard.saving' : 'wizard.save', enabled: snapshot.can({ type: 'SAVE' }) };
  else primary = { event: 'NEXT', submits: true, labelKey: 'actions.next', enabled: snapshot.can({ type: 'NEXT' }) };
  return {
    step,
    section: WIZARD_STEPS[step] ?? 'personal',
    back: snapshot.can({ type: 'BACK' }),
    primary,
    failed: snapshot.matches('failed'),
    password: { open: snapshot.matches('confirmingPassword') || saving, busy: saving },
  };
}
