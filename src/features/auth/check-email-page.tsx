import { EmailVerificationView } from './email-verification-view';

/** /check-email: type the emailed code into the PIN boxes (after sign-up, or any time before verifying). */
export function CheckEmailPage() {
  return <EmailVerificationView start="code" />;
}

/** /verify-email?email=&code=: the emailed link; verifies at once. */
export function VerifyEmailPage() {
  return <EmailVerificationView start="link" />;
}

/** /expired-link?email=: the link's code expired or died; offers a new one (spec 8). */
export function ExpiredLinkPage() {
  return <EmailVerificationView start="expiredLink" />;
}
