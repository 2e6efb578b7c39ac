import { lazyPage } from './lazy-page';

/** Every page that exists before sign-in (and those of every session state) as a lazy chunk; the signed-in pages
 * are in signed-in-pages.ts, loaded with the signed-in route table. */
export const pages = {
  landing: lazyPage(() => import('../../features/landing/landing-page').then((m) => m.LandingPage)),
  welcome: lazyPage(() => import('../../features/welcome/welcome-page').then((m) => m.WelcomePage)),
  howItWorks: lazyPage(() => import('../../features/how-it-works/how-it-works-page').then((m) => m.HowItWorksPage)),
  faq: lazyPage(() => import('../../features/support/faq-page').then((m) => m.FaqPage)),
  help: lazyPage(() => import('../../features/support/help-page').then((m) => m.HelpPage)),
  legal: lazyPage(() => import('../../features/legal/legal-page').then((m) => m.LegalPage)),
  signIn: lazyPage(() => import('../../features/auth/sign-in-page').then((m) => m.SignInPage)),
  signUp: lazyPage(() => import('../../features/auth/sign-up-page').then((m) => m.SignUpPage)),
  checkEmail: lazyPage(() => import('../../features/auth/check-email-page').then((m) => m.CheckEmailPage)),
  verifyEmail: lazyPage(() => import('../../features/auth/check-email-page').then((m) => m.VerifyEmailPage)),
  expiredLink: lazyPage(() => import('../../features/auth/check-email-page').then((m) => m.ExpiredLinkPage)),
  verifySuccess: lazyPage(() => import('../../features/auth/verify-success-page').then((m) => m.VerifySuccessPage)),
  forgotPassword: lazyPage(() => import('../../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage)),
  resetPassword: lazyPage(() => import('../../features/auth/reset-password-page').then((m) => m.ResetPasswordPage)),
  expiredSession: lazyPage(() => import('../../features/auth/expired-session-page').then((m) => m.ExpiredSessionPage)),
  setUp: lazyPage(() => import('../../features/set-up/set-up-page').then((m) => m.SetUpPage)),
  publicProfile: lazyPage(() => import('../../features/creators/public-profile-page').then((m) => m.PublicProfilePage)),
  flows: lazyPage(() => import('../../features/flows/flows-page').then((m) => m.FlowsPage)),
  notFound: lazyPage(() => import('../../ui/not-found-page').then((m) => m.NotFoundPage)),
};
