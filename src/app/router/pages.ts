import { lazyPage } from './lazy-page';

/** Every page as a lazy chunk; route tables refer to these. */
export const pages = {
  landing: lazyPage(() => import('../../features/landing/landing-page').then((m) => m.LandingPage)),
  welcome: lazyPage(() => import('../../features/welcome/welcome-page').then((m) => m.WelcomePage)),
  howItWorks: lazyPage(() => import('../../features/how-it-works/how-it-works-page').then((m) => m.HowItWorksPage)),
  faq: lazyPage(() => import('../../features/support/faq-page').then((m) => m.FaqPage)),
  help: lazyPage(() => import('../../features/support/help-page').then((m) => m.HelpPage)),
  legal: lazyPage(() => import('../../features/legal/legal-page').then((m) => m.LegalPage)),
  signIn: lazyPage(() => import('../../features/auth/sign-in-page').then((m) => m.SignInPage)),
  signUp: lazyPage(() => import('../../features/auth/sign-up-page').then((m) => m.SignUpPage)),
  expiredSession: lazyPage(() => import('../../features/auth/expired-session-page').then((m) => m.ExpiredSessionPage)),
  setUp: lazyPage(() => import('../../features/set-up/set-up-page').then((m) => m.SetUpPage)),
  home: lazyPage(() => import('../../features/home/home-page').then((m) => m.HomePage)),
  transactions: lazyPage(() => import('../../features/transactions/transactions-page').then((m) => m.TransactionsPage)),
  withdrawFunds: lazyPage(() =>
    import('../../features/withdraw-funds/withdraw-funds-page').then((m) => m.WithdrawFundsPage),
  ),
  settings: lazyPage(() => import('../../features/settings/settings-page').then((m) => m.SettingsPage)),
  profile: lazyPage(() => import('../../features/profile/profile-page').then((m) => m.ProfilePage)),
  payment: lazyPage(() => import('../../features/payment/payment-page').then((m) => m.PaymentPage)),
  notFound: lazyPage(() => import('../../ui/not-found-page').then((m) => m.NotFoundPage)),
};
