/** The id of each account form: focusFirstError looks for the first error inside it. */
export const FORM_IDS = {
  signIn: 'sign-in-form',
  signUp: 'sign-up-form',
  verifyEmail: 'verify-email-form',
  forgotPassword: 'forgot-password-form',
  resetPassword: 'reset-password-form',
  changePassword: 'change-password-form',
  setUp: 'set-up-form',
} as const;
