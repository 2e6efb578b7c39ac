import type { SnapshotFrom } from 'xstate';
import { stepOf } from './forms/step-meta';
import type { PhoneDetails, phoneVerificationMachine } from './phone-verification.machine';

type PhoneSnapshot = Pick<SnapshotFrom<typeof phoneVerificationMachine>, 'matches' | 'can' | 'getMeta' | 'context'>;

/** A button: whether it may be pressed now (the machine would take its event), and its words (a `people:` key). */
interface PhoneButton<K extends string> {
  enabled: boolean;
  labelKey: K;
}

/**
 * The phone section (/contacts) as the phone-verification machine shows it (issue 24 item 6): the step from the
 * states' `meta.step`, what each button may do from `can`, and the words of the one working; the view only renders.
 */
export interface PhoneVerificationView {
  /** 0 the number, 1 the code, 2 the details to confirm, 3 done (every step complete). */
  step: number;
  /** What the form's submit (Enter, or its main button) sends at this step; null once verified. */
  submit: 'SEND_CODE' | 'VERIFY' | 'CONFIRM' | null;
  number: { send: PhoneButton<'phone.sendCode' | 'phone.sending'> } | null;
  code: {
    /** The boxes take digits now. */
    typing: boolean;
    verify: PhoneButton<'phone.verify' | 'phone.verifying'>;
    resend: PhoneButton<'phone.resend' | 'phone.resending'>;
    changeNumber: PhoneButton<'phone.changeNumber'>;
  } | null;
  confirm: {
    details: PhoneDetails;
    confirm: PhoneButton<'phone.confirm' | 'phone.confirming'>;
    changeNumber: PhoneButton<'phone.changeNumber'>;
  } | null;
  verified: boolean;
}

const SUBMITS = ['SEND_CODE', 'VERIFY', 'CONFIRM', null] as const;

export function phoneVerificationView(snapshot: PhoneSnapshot): PhoneVerificationView {
  const step = stepOf(snapshot) ?? 0;
  const changeNumber = { enabled: snapshot.can({ type: 'CHANGE_NUMBER' }), labelKey: 'phone.changeNumber' } as const;
  const details = snapshot.context.details;
  return {
    step,
    submit: SUBMITS[step] ?? null,
    number:
      step === 0
        ? { send: { enabled: snapshot.can({ type: 'SEND_CODE' }), labelKey: snapshot.matches('sendingCode') ? 'phone.sending' : 'phone.sendCode' } }
        : null,
    code:
      step === 1
        ? {
            typing: snapshot.can({ type: 'CODE_CHANGED', digits: [] }),
            verify: { enabled: snapshot.can({ type: 'VERIFY' }), labelKey: snapshot.matches('verifying') ? 'phone.verifying' : 'phone.verify' },
            resend: {
              enabled: snapshot.can({ type: 'RESEND' }),
              labelKey: snapshot.matches({ enteringCode: 'resending' }) ? 'phone.resending' : 'phone.resend',
            },
            changeNumber,
          }
        : null,
    confirm:
      step === 2 && details
        ? {
            details,
            confirm: {
              enabled: snapshot.can({ type: 'CONFIRM' }),
              labelKey: snapshot.matches({ confirming: 'saving' }) ? 'phone.confirming' : 'phone.confirm',
            },
            changeNumber,
          }
        : null,
    verified: step === 3,
  };
}
