/**
 * The withdrawal that opened the bank wizard (issue 22 item 12), carried in history state between the two screens:
 * the wizard reads it to come back, the withdraw screen reads the amount it comes back with. History state, not the
 * URL: an amount is nobody's business in an address bar or a log.
 */
export const resumeState = (amount: string) => ({ resumeWithdrawal: { amount } });

export function resumeOf(state: unknown): { amount: string } | null {
  const resume = (state as { resumeWithdrawal?: { amount?: unknown } } | null)?.resumeWithdrawal;
  return typeof resume?.amount === 'string' ? { amount: resume.amount } : null;
}
