import { expect, type Locator } from '@playwright/test';
import { text } from '../support/app';

/**
 * What the drivers' `screen` checks are made of: a view-model's parts found by role and name, as a person perceives
 * them. Each expectation says which state and which part of the view-model it checks, so a failing generated test
 * reads as "withdraw in confirm: the Back button is on screen".
 */

/** A button the view-model shows, with its words, enabled or not. */
export async function expectButton(button: Locator, enabled: boolean, what: string): Promise<void> {
  await expect(button, `${what} is on screen`).toBeVisible();
  if (enabled) await expect(button, `${what} is enabled`).toBeEnabled();
  else await expect(button, `${what} is disabled`).toBeDisabled();
}

/** Something the view-model does not show in this state. */
export async function expectAbsent(part: Locator, what: string): Promise<void> {
  await expect(part, `${what} is not on screen`).toHaveCount(0);
}

/** A field with a message under it (`aria-invalid`), or without. */
export async function expectFieldError(field: Locator, refused: boolean, what: string): Promise<void> {
  if (refused) await expect(field, `${what} is marked invalid`).toHaveAttribute('aria-invalid', 'true');
  else await expect(field, `${what} is not marked invalid`).not.toHaveAttribute('aria-invalid', 'true');
}

/**
 * The stepper (src/ui/stepper.tsx) at `current`, the view-model's step from the states' `meta.step`: that step is
 * the current one (`aria-current="step"`); one past the last, every step reads "completed".
 */
export async function expectStep(scope: Locator, steps: string[], current: number, what: string): Promise<void> {
  const items = scope.getByRole('navigation', { name: text('en', 'common', 'stepper.label') }).getByRole('listitem');
  await expect(items, `${what}: the stepper`).toHaveCount(steps.length);
  if (current >= steps.length) {
    await expect(items.filter({ hasText: `(${text('en', 'common', 'stepper.completed')})` }), `${what}: every step completed`).toHaveCount(steps.length);
    return;
  }
  await expect(items.nth(current), `${what}: step ${current + 1} "${steps[current]}" is the current one`).toHaveAttribute('aria-current', 'step');
}

/** A regular expression matching `literal` exactly as written. */
export const escapeRegExp = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
