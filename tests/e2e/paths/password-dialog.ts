import type { Page } from '@playwright/test';
import { PASSWORD, text } from '../support/app';
import type { EventDriver } from './driver';

/**
 * The password dialog that guards a change of account or money (src/ui/password-dialog.tsx: a fresh proof of identity),
 * as the drivers of the machines that open it find and answer it: by its title, its field's label and its buttons'
 * words (locales/en common `passwordDialog.*`, unless the screen names them itself, as closing the account does).
 */
export interface PasswordDialogWords {
  title?: string;
  confirm?: string;
}

const cm = (key: string) => text('en', 'common', key);

export const passwordDialog = (page: Page, { title = cm('passwordDialog.title') }: PasswordDialogWords = {}) => page.getByRole('dialog', { name: title });

export const passwordField = (page: Page, words: PasswordDialogWords = {}) =>
  passwordDialog(page, words).getByLabel(cm('passwordDialog.label'), { exact: true });

/**
 * PASSWORD_SUBMIT (with nothing typed, and with the account's password, unless `samples` says otherwise) and CANCEL,
 * caused in the dialog.
 */
export function passwordDialogEvents<World>(
  words: PasswordDialogWords = {},
  samples: Array<{ password: string }> = [{ password: '' }, { password: PASSWORD }],
): { PASSWORD_SUBMIT: EventDriver<World>; CANCEL: EventDriver<World> } {
  const { confirm = cm('passwordDialog.confirm') } = words;
  return {
    PASSWORD_SUBMIT: {
      samples,
      async perform({ page }, { password }) {
        if (password) await passwordField(page, words).fill(String(password));
        await passwordDialog(page, words).getByRole('button', { name: confirm, exact: true }).click();
      },
    },
    CANCEL: { perform: async ({ page }) => passwordDialog(page, words).getByRole('button', { name: cm('passwordDialog.cancel'), exact: true }).click() },
  };
}
