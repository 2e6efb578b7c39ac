import { lazyPage } from './lazy-page';

/** The pages only a signed-in user has, each a lazy chunk; this table itself loads with the signed-in routes. */
export const signedInPages = {
  changePassword: lazyPage(() =>
    import('../../features/change-password/change-password-page').then((m) => m.ChangePasswordPage),
  ),
  home: lazyPage(() => import('../../features/home/home-page').then((m) => m.HomePage)),
  transactions: lazyPage(() => import('../../features/transactions/transactions-page').then((m) => m.TransactionsPage)),
  transactionDetails: lazyPage(() =>
    import('../../features/transactions/transaction-details-page').then((m) => m.TransactionDetailsPage),
  ),
  openOrders: lazyPage(() => import('../../features/orders/open-orders-page').then((m) => m.OpenOrdersPage)),
  statements: lazyPage(() => import('../../features/statements/statement-page').then((m) => m.StatementPage)),
  uploadFile: lazyPage(() => import('../../features/transactions/upload-file-page').then((m) => m.UploadFilePage)),
  // The wallet screens (issue 6): five paths, one page (screen-by-path.tsx).
  wallet: lazyPage(() => import('../../features/wallet/wallet-pages').then((m) => m.WalletPage)),
  // Withdrawals (issue 6, part 2): five paths, one page (screen-by-path.tsx).
  withdrawals: lazyPage(() => import('../../features/withdrawals/withdrawal-pages').then((m) => m.WithdrawalPages)),
  // Settings, its legal list and account info (issue 7): one page.
  settings: lazyPage(() => import('../../features/settings/settings-pages').then((m) => m.SettingsPages)),
  profile: lazyPage(() => import('../../features/profile/profile-page').then((m) => m.ProfilePage)),
  pricePoint: lazyPage(() => import('../../features/profile/price-point-page').then((m) => m.PricePointPage)),
  contacts: lazyPage(() => import('../../features/people/contacts-page').then((m) => m.ContactsPage)),
  payment: lazyPage(() => import('../../features/payment/payment-page').then((m) => m.PaymentPage)),
  sendPayment: lazyPage(() => import('../../features/payment/send-payment-page').then((m) => m.SendPaymentPage)),
  requestPayment: lazyPage(() => import('../../features/payment/request-payment-page').then((m) => m.RequestPaymentPage)),
  audit: lazyPage(() => import('../../features/audit/audit-page').then((m) => m.AuditPage)),
};
