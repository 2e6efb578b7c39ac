import { assign, setup } from 'xstate';
import { AddressStep, BankAccountStep, personalInfoStep, type BankAccountInput, type IdType } from '../domain/rules/bank-rules';
import { formMessage, hasErrors, serverFieldErrors, withoutError, type FieldErrors, type FormMessage } from './forms/field-errors';
import { ruleErrors } from './forms/rule-errors';
import { passwordGiven, passwordOf, passwordRefusal, refusedPassword, STEP_UP_RULE, type PasswordSubmitEvent } from './forms/step-up';
import { errorOf } from './forms/api-failure';
import { hostActor } from './forms/host-actor';

/**
 * The bank-account wizard (/settings/withdraw-method/update-bank-account, issue 6): four steps — Personal Info,
 * Primary Address, Bank Account, Confirm Info. NEXT checks only the step on screen (the shared rules of
 * domain/rules/bank-rules.ts, the same the server runs on the whole); BACK and NEXT keep everything typed, also a
 * step's values that are not valid yet. Confirm sends the whole form (PUT replaces the account); a refusal the
 * server explains on a field takes the user to that field's step, anything else is shown above the button.
 * Saving asks for the current password first (issue 21 step-up, a dialog over Confirm Info): a wrong one brings the
 * dialog back with the server's words, Cancel closes it and keeps everything; the password goes from the dialog's
 * event into the call and is never kept. Saved, the host says 'bank account updated' and when withdrawals to it
 * open (24 hours after the change), and returns to the withdraw-method screen — or, when a withdrawal opened the
 * wizard (issue 22 item 12, `resume`), to that withdrawal with its amount.
 */
const PERSONAL_FIELDS = ['firstName', 'lastName', 'birthdate', 'idType', 'idNumber'] as const;
const ADDRESS_FIELDS = ['addressLine1', 'addressLine2', 'city', 'region', 'postalCode', 'country'] as const;
const BANK_FIELDS = ['bankCountry', 'bankName', 'accountType', 'accountNumber'] as const;
const WIZARD_FIELDS = [...PERSONAL_FIELDS, ...ADDRESS_FIELDS, ...BANK_FIELDS] as const;
export type WizardField = (typeof WIZARD_FIELDS)[number];
export type WizardValues = Record<WizardField, string>;

/** The four steps in order; the stepper marks those before the current one as completed. */
export const WIZARD_STEPS = ['personal', 'address', 'bank', 'confirm'] as const;
type WizardStep = (typeof WIZARD_STEPS)[number];

export interface BankWizardInput {
  /** Today as YYYY-MM-DD, from the host: the 18-or-older rule needs a date and the machine stays pure. */
  today: string;
  /** Values to start from (the country from the user's profile), never the stored numbers. */
  initial?: Partial<WizardValues>;
  /** Opened from a withdrawal with nowhere to send it (issue 22 item 12): its amount, to go back to it once saved. */
  resume?: { amount: string } | null;
}

export interface SavedBankAccount {
  bankName: string;
  accountNumberMasked: string;
  nameMismatch: boolean;
  /** When withdrawals to this account open (24 hours after it was set). */
  withdrawalsOpenAt: string;
}

/** What the save sends: the form, and the caller's Tipjar password from the dialog. */
export type BankAccountSave = BankAccountInput & { current_password: string };

export interface BankWizardContext {
  today: string;
  values: WizardValues;
  errors: FieldErrors<WizardField>;
  failure: FormMessage | null;
  saved: SavedBankAccount | null;
  /** The withdrawal to go back to when saved, or null: back to the withdraw-method screen. */
  resume: { amount: string } | null;
  /** The password dialog's message (empty field, wrong password). */
  passwordError: FormMessage | null;
}

export type BankWizardEvent =
  | { type: 'CHANGE'; field: WizardField; value: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SAVE' }
  | { type: 'RETRY' }
  | PasswordSubmitEvent
  | { type: 'CANCEL' };

const blank = Object.fromEntries(WIZARD_FIELDS.map((f) => [f, ''])) as WizardValues;

const todayOf = (context: BankWizardContext) => new Date(`${context.today}T12:00:00Z`);

/** The optional address lines are left out when empty: the rules (and the API) take them as absent. */
function present(values: WizardValues, fields: readonly WizardField[]): Record<string, string> {
  return Object.fromEntries(fields.filter((f) => !(f === 'addressLine2' || f === 'region') || values[f].trim() !== '').map((f) => [f, values[f]]));
}

function stepErrors(context: BankWizardContext, step: Exclude<WizardStep, 'confirm'>): FieldErrors<WizardField> {
  const { values } = context;
  if (step === 'personal') return ruleErrors(personalInfoStep(todayOf(context)), present(values, PERSONAL_FIELDS), PERSONAL_FIELDS);
  if (step === 'address') return ruleErrors(AddressStep, present(values, ADDRESS_FIELDS), ADDRESS_FIELDS);
  return ruleErrors(BankAccountStep, present(values, BANK_FIELDS), BANK_FIELDS);
}

/** The body Confirm Info sends. */
function bankAccountBody(values: WizardValues): BankAccountInput {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    birthdate: values.birthdate,
    idType: values.idType as IdType,
    idNumber: values.idNumber,
    addressLine1: values.addressLine1,
    addressLine2: values.addressLine2.trim() || null,
    city: values.city,
    region: values.region.trim() || null,
    postalCode: values.postalCode,
    country: values.country,
    bankCountry: values.bankCountry,
    bankName: values.bankName,
    accountType: values.accountType as 'saving' | 'checking',
    accountNumber: values.accountNumber,
  };
}

const serverErrorsOn = (event: unknown, fields: readonly WizardField[]) => hasErrors(serverFieldErrors(errorOf(event), fields));

export const bankWizardMachine = setup({
  types: {
    context: {} as BankWizardContext,
    events: {} as BankWizardEvent,
    input: {} as BankWizardInput,
  },
  actors: {
    saveBankAccount: hostActor<SavedBankAccount, BankAccountSave>('saveBankAccount'),
  },
  guards: {
    // A step edits only its own fields, so a step the user has passed stays as valid as when they passed it.
    personalField: ({ event }) => event.type === 'CHANGE' && (PERSONAL_FIELDS as readonly string[]).includes(event.field),
    addressField: ({ event }) => event.type === 'CHANGE' && (ADDRESS_FIELDS as readonly string[]).includes(event.field),
    bankField: ({ event }) => event.type === 'CHANGE' && (BANK_FIELDS as readonly string[]).includes(event.field),
    personalValid: ({ context }) => !hasErrors(stepErrors(context, 'personal')),
    addressValid: ({ context }) => !hasErrors(stepErrors(context, 'address')),
    bankValid: ({ context }) => !hasErrors(stepErrors(context, 'bank')),
    refusedOnPersonal: ({ event }) => serverErrorsOn(event, PERSONAL_FIELDS),
    refusedOnAddress: ({ event }) => serverErrorsOn(event, ADDRESS_FIELDS),
    refusedOnBank: ({ event }) => serverErrorsOn(event, BANK_FIELDS),
    passwordGiven,
    resumesWithdrawal: ({ context }) => context.resume !== null,
    refusedPassword: ({ event }) => refusedPassword(errorOf(event)),
  },
  actions: {
    change: assign(({ context, event }) =>
      event.type === 'CHANGE' ? { values: { ...context.values, [event.field]: event.value }, errors: withoutError(context.errors, event.field) } : {},
    ),
    showPersonalErrors: assign(({ context }) => ({ errors: stepErrors(context, 'personal') })),
    showAddressErrors: assign(({ context }) => ({ errors: stepErrors(context, 'address') })),
    showBankErrors: assign(({ context }) => ({ errors: stepErrors(context, 'bank') })),
    clearErrors: assign({ errors: {}, failure: null }),
    showServerErrors: assign(({ event }) => {
      const errors = serverFieldErrors(errorOf(event), WIZARD_FIELDS);
      return { errors, failure: formMessage(errorOf(event), errors) };
    }),
    showPasswordRequired: assign({ passwordError: STEP_UP_RULE.required }),
    showPasswordRefusal: assign({ passwordError: ({ event }) => passwordRefusal(errorOf(event)) }),
    clearPasswordError: assign({ passwordError: null }),
    storeSaved: assign((_, saved: SavedBankAccount) => ({ saved })),
    // Host effects: focus the first message; 'bank account updated' and back to the withdraw-method screen.
    focusFirstError: () => {},
    announceSaved: (_, _params: { withdrawalsOpenAt: string }) => {},
    /** Back to the withdraw-method screen. */
    returnToMethods: () => {},
    /** Back to the withdrawal that opened the wizard, with its amount. */
    resumeWithdrawal: (_, _params: { amount: string }) => {},
  },
}).createMachine({
  id: 'bankWizard',
  context: ({ input }) => ({
    today: input.today,
    values: { ...blank, ...input.initial },
    errors: {},
    failure: null,
    saved: null,
    resume: input.resume ?? null,
    passwordError: null,
  }),
  initial: 'personal',
  states: {
    personal: {
      meta: { step: 0 },
      on: {
        CHANGE: { guard: 'personalField', actions: 'change' },
        NEXT: [
          { guard: 'personalValid', target: 'address', actions: 'clearErrors' },
          { actions: ['showPersonalErrors', 'focusFirstError'] },
        ],
      },
    },
    address: {
      meta: { step: 1 },
      on: {
        CHANGE: { guard: 'addressField', actions: 'change' },
        NEXT: [
          { guard: 'addressValid', target: 'bank', actions: 'clearErrors' },
          { actions: ['showAddressErrors', 'focusFirstError'] },
        ],
        // Back keeps what was typed here, valid or not; its messages go, as they would on the next visit.
        BACK: { target: 'personal', actions: 'clearErrors' },
      },
    },
    bank: {
      meta: { step: 2 },
      on: {
        CHANGE: { guard: 'bankField', actions: 'change' },
        NEXT: [
          { guard: 'bankValid', target: 'confirm', actions: 'clearErrors' },
          { actions: ['showBankErrors', 'focusFirstError'] },
        ],
        BACK: { target: 'address', actions: 'clearErrors' },
      },
    },
    confirm: {
      meta: { step: 3 },
      on: {
        SAVE: { target: 'confirmingPassword', actions: ['clearErrors', 'clearPasswordError'] },
        BACK: { target: 'bank', actions: 'clearErrors' },
      },
    },
    // The password dialog over Confirm Info; Cancel keeps every step as typed.
    confirmingPassword: {
      meta: { step: 3 },
      on: {
        PASSWORD_SUBMIT: [
          { guard: 'passwordGiven', target: 'saving', actions: 'clearPasswordError' },
          { actions: 'showPasswordRequired' },
        ],
        CANCEL: { target: 'confirm', actions: 'clearPasswordError' },
      },
    },
    saving: {
      meta: { step: 3 },
      invoke: {
        src: 'saveBankAccount',
        input: ({ context, event }) => ({ ...bankAccountBody(context.values), current_password: passwordOf(event) }),
        onDone: [
          {
            guard: 'resumesWithdrawal',
            target: 'saved',
            actions: [
              { type: 'storeSaved', params: ({ event }) => event.output },
              { type: 'announceSaved', params: ({ event }) => ({ withdrawalsOpenAt: event.output.withdrawalsOpenAt }) },
              { type: 'resumeWithdrawal', params: ({ context }) => ({ amount: context.resume!.amount }) },
            ],
          },
          {
            target: 'saved',
            actions: [
              { type: 'storeSaved', params: ({ event }) => event.output },
              { type: 'announceSaved', params: ({ event }) => ({ withdrawalsOpenAt: event.output.withdrawalsOpenAt }) },
              'returnToMethods',
            ],
          },
        ],
        onError: [
          { guard: 'refusedPassword', target: 'confirmingPassword', actions: 'showPasswordRefusal' },
          { guard: 'refusedOnPersonal', target: 'personal', actions: ['showServerErrors', 'focusFirstError'] },
          { guard: 'refusedOnAddress', target: 'address', actions: ['showServerErrors', 'focusFirstError'] },
          { guard: 'refusedOnBank', target: 'bank', actions: ['showServerErrors', 'focusFirstError'] },
          { target: 'failed', actions: ['showServerErrors', 'focusFirstError'] },
        ],
      },
    },
    // Nothing on a field explains it (offline, unverified email): the message, and the same body again — after
    // the password again, since it was not kept.
    failed: {
      meta: { step: 3 },
      on: {
        RETRY: { target: 'confirmingPassword', actions: ['clearErrors', 'clearPasswordError'] },
        BACK: { target: 'confirm', actions: 'clearErrors' },
      },
    },
    saved: { type: 'final', meta: { step: 3 } },
  },
});
