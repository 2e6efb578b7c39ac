import { expect, type Page } from '@playwright/test';
import catalogue, { wizardValues } from '../../../../machines/bank-wizard.catalogue';
import { WIZARD_STEPS, type BankWizardContext, type WizardField } from '../../../../machines/bank-wizard.machine';
import { bankWizardView } from '../../../../machines/bank-wizard.view';
import { apiFailure } from '../../../../machines/forms/api-failure';
import { createAccount, mainHeading, PASSWORD, text, type TestAccount } from '../../support/app';
import { w } from '../../support/withdrawals';
import { passwordDialog, passwordDialogEvents, passwordField } from '../password-dialog';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton, expectFieldError, expectStep } from '../screen-checks';

/**
 * The bank-account wizard, /settings/withdraw-method/update-bank-account (machines/bank-wizard.machine.ts, its
 * view-model machines/bank-wizard.view.ts), driven as a person: a fresh signed-in account per path, every field typed,
 * chosen or ticked. The server refusing a field the step accepted is caused for real: the wizard counts an age by
 * the person's calendar (src/features/withdrawals/bank-wizard-page.tsx `today`), the server by its own UTC date, so a
 * person whose calendar is already a day ahead (a time zone east of UTC; here the browser's clock, 60 hours ahead of
 * the server's, which every zone's calendar puts 2 to 4 days ahead) and who turns 18 on the server's tomorrow passes
 * Personal Info and is refused on the date of birth at saving. Every save of these paths meets that refusal (saved is
 * the hand-written withdrawals.spec.ts's); only the 503 is forced.
 */
interface WizardWorld {
  account: TestAccount;
  /** 18 years before the server's tomorrow: 18 by the browser's calendar, 17 by the server's. */
  birthdate: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The fields these paths fill, with the values the model's samples hold (the catalogue's Chilean holder). */
const FILLED: WizardField[] = ['firstName', 'lastName', 'birthdate', 'idType', 'idNumber', 'addressLine1', 'city', 'postalCode', 'country', 'bankCountry', 'bankName', 'accountType', 'accountNumber'];
const SELECTS: Partial<Record<WizardField, (value: string) => { label: string } | string>> = {
  idType: (value) => ({ label: w(`wizard.idTypes.${value}`) }),
  country: (value) => value,
  bankCountry: (value) => value,
};
const SECTION_FIELDS: Record<(typeof WIZARD_STEPS)[number], WizardField[]> = {
  personal: ['firstName', 'lastName', 'birthdate', 'idType', 'idNumber'],
  address: ['addressLine1', 'addressLine2', 'city', 'region', 'postalCode', 'country'],
  bank: ['bankCountry', 'bankName', 'accountNumber'],
  confirm: [],
};

const main = (page: Page) => page.getByRole('main');
const field = (page: Page, name: WizardField) => main(page).getByLabel(w(`wizard.fields.${name}`), { exact: true });
const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });
const cm = (key: string) => text('en', 'common', key);

export const bankWizardDriver: Driver<WizardWorld> = {
  name: 'bank-wizard',
  machine: catalogue.fake(),
  input: catalogue.inputs!.blank,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ page, context }) {
    const clock = await context.request.get('/api/dev/clock');
    expect(clock.ok(), await clock.text()).toBe(true);
    const serverNow = new Date(((await clock.json()) as { now: string }).now);
    // The person's calendar two days or more ahead of the server's, before the page reads "today".
    await page.clock.install({ time: new Date(serverNow.getTime() + 60 * 60 * 60 * 1000) });
    // 18 years before the server's tomorrow (a 29 February with no such day 18 years before becomes 1 March).
    const tomorrow = new Date(serverNow.getTime() + DAY_MS);
    const birthdate = new Date(Date.UTC(tomorrow.getUTCFullYear() - 18, tomorrow.getUTCMonth(), tomorrow.getUTCDate())).toISOString().slice(0, 10);
    return { account: await createAccount(context, { setUp: { fullName: 'Ana Souza' } }), birthdate };
  },

  async open({ page }) {
    await page.goto('/settings/withdraw-method/update-bank-account');
    await expect(mainHeading(page)).toHaveText(w('wizard.title'));
  },

  events: {
    // The account's password (an empty one and a wrong one are the hand-written tests').
    ...passwordDialogEvents({}, [{ password: PASSWORD }]),
    CHANGE: {
      // Each field these paths fill, with a value its step accepts (the shortest paths leave the optional ones).
      samples: FILLED.map((name) => ({ field: name, value: wizardValues[name] })),
      async perform({ page, world }, { field: name, value }) {
        const which = name as WizardField;
        const typed = which === 'birthdate' ? world.birthdate : String(value);
        const select = SELECTS[which];
        if (select) await field(page, which).selectOption(select(typed));
        else if (which === 'accountType') await main(page).getByRole('radio', { name: w(`wizard.accountTypes.${typed}`), exact: true }).check();
        else await field(page, which).fill(typed);
      },
    },
    NEXT: { perform: async ({ page }) => button(page, w('actions.next')).click() },
    BACK: { perform: async ({ page }) => button(page, w('actions.back')).click() },
    SAVE: { perform: async ({ page }) => button(page, w('wizard.save')).click() },
    RETRY: { perform: async ({ page }) => button(page, w('actions.retry')).click() },
  },

  outcomes: {
    saveBankAccount: {
      error: [
        {
          name: 'the server’s calendar says the holder is 17',
          value: apiFailure(400, {
            code: 'validation_failed',
            detail: 'You must be 18 or older',
            errors: [{ field: 'body.birthdate', message: 'You must be 18 or older' }],
          }),
        },
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'PUT', /\/api\/app\/user\/[^/?]+\/bank-account(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {
    'saving saveBankAccount:error#2':
      'no person can cause it: the server refuses an address field only by the rules Primary Address checks on Next (domain/rules/bank-rules.ts AddressStep, inside bankAccountForm), and none of them depends on the date, so an address the step accepted is accepted at saving; the machine’s reaction is covered by the model test',
    'saving saveBankAccount:error#3':
      'no person can cause it: the server refuses a bank field only by the rules Bank Account checks on Next (domain/rules/bank-rules.ts BankAccountStep, inside bankAccountForm), and none of them depends on the date, so a bank account the step accepted is accepted at saving; the machine’s reaction is covered by the model test',
  },

  async screen({ page }, snapshot) {
    const view = bankWizardView(snapshot);
    const { errors, failure }: BankWizardContext = snapshot.context;
    const state = `bank-wizard in ${JSON.stringify(snapshot.value)} (section ${view.section})`;
    // The dialog is modal: the page behind it is out of reach (and of the accessibility tree) while it is open.
    if (view.password.open) {
      await expect(passwordDialog(page), `${state}: the password dialog`).toBeVisible();
      await expectFieldError(passwordField(page), snapshot.context.passwordError !== null, `${state}: the password field`);
      return;
    }
    await expectAbsent(passwordDialog(page), `${state}: the password dialog`);
    await expectStep(main(page), WIZARD_STEPS.map((s) => w(`wizard.steps.${s}`)), view.step, state);
    // The section's fields, each marked as the machine's errors say; of the other sections, their first field is gone.
    for (const section of WIZARD_STEPS) {
      if (section === view.section) {
        for (const name of SECTION_FIELDS[section]) {
          await expect(field(page, name), `${state}: the ${name} field`).toBeVisible();
          await expectFieldError(field(page, name), Boolean(errors[name]), `${state}: the ${name} field`);
        }
      } else if (SECTION_FIELDS[section][0]) {
        await expectAbsent(field(page, SECTION_FIELDS[section][0]), `${state}: the ${section} section`);
      }
    }
    if (view.section === 'confirm') await expect(main(page).getByText(w('wizard.confirmLead')), `${state}: the summary`).toBeVisible();
    if (view.back) await expectButton(button(page, w('actions.back')), true, `${state}: view.back "${w('actions.back')}"`);
    else await expectAbsent(button(page, w('actions.back')), `${state}: "${w('actions.back')}"`);
    await expectButton(button(page, w(view.primary.labelKey)), view.primary.enabled, `${state}: view.primary "${w(view.primary.labelKey)}"`);
    const failedHeading = main(page).getByRole('heading', { name: w('wizard.failedTitle'), exact: true });
    if (view.failed) {
      await expect(failedHeading, `${state}: "${w('wizard.failedTitle')}"`).toBeVisible();
      if (failure && 'text' in failure) await expect(main(page).getByRole('alert'), `${state}: the server's words`).toContainText(failure.text);
    } else {
      await expectAbsent(failedHeading, `${state}: "${w('wizard.failedTitle')}"`);
    }
  },
};
