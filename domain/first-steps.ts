/**
 * The home page's first-step cards (spec 2): each shows until its step is done. A step whose state the app cannot
 * know yet (`null`: no cards or profile call exists) is not offered, rather than offered forever.
 */
export type FirstStep = 'verifyEmail' | 'addMoney' | 'addCard' | 'completeProfile';

export interface FirstStepFacts {
  emailVerified: boolean;
  /** Money has arrived in the wallet (a positive balance). */
  hasMoney: boolean | null;
  hasCard: boolean | null;
  profileComplete: boolean | null;
}

export function pendingFirstSteps(facts: FirstStepFacts): FirstStep[] {
  const steps: FirstStep[] = [];
  if (!facts.emailVerified) steps.push('verifyEmail');
  if (facts.hasMoney === false) steps.push('addMoney');
  if (facts.hasCard === false) steps.push('addCard');
  if (facts.profileComplete === false) steps.push('completeProfile');
  return steps;
}
