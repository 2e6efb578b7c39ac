import type { Driver } from './driver';
import { accountInfoDriver } from './drivers/account-info.driver';
import { addCardDriver } from './drivers/add-card.driver';
import { addMoneyDriver } from './drivers/add-money.driver';
import { auditDriver } from './drivers/audit.driver';
import { bankWizardDriver } from './drivers/bank-wizard.driver';
import { changePasswordDriver } from './drivers/change-password.driver';
import { closeAccountDriver } from './drivers/close-account.driver';
import { depositDetailsDriver } from './drivers/deposit-details.driver';
import { emailVerificationDriver } from './drivers/email-verification.driver';
import { findPeopleDriver } from './drivers/find-people.driver';
import { forgotPasswordDriver } from './drivers/forgot-password.driver';
import { homeActivityDriver } from './drivers/home-activity.driver';
import { inviteFriendsDriver } from './drivers/invite-friends.driver';
import { moneySummaryDriver } from './drivers/money-summary.driver';
import { notificationsDriver } from './drivers/notifications.driver';
import { paymentActionsDriver } from './drivers/payment-actions.driver';
import { paymentMethodsDriver } from './drivers/payment-methods.driver';
import { payoutLinkingDriver } from './drivers/payout-linking.driver';
import { phoneVerificationDriver } from './drivers/phone-verification.driver';
import { preferencesDriver } from './drivers/preferences.driver';
import { pricePointDriver } from './drivers/price-point.driver';
import { profileImagesDriver } from './drivers/profile-images.driver';
import { profileSummaryDriver } from './drivers/profile-summary.driver';
import { profileDriver } from './drivers/profile.driver';
import { publicProfileDriver } from './drivers/public-profile.driver';
import { recipientSearchDriver } from './drivers/recipient-search.driver';
import { requestPaymentDriver } from './drivers/request-payment.driver';
import { resetPasswordDriver } from './drivers/reset-password.driver';
import { resourceViewDriver } from './drivers/resource-view.driver';
import { sendPaymentDriver } from './drivers/send-payment.driver';
import { sessionDriver } from './drivers/session.driver';
import { setUpDriver } from './drivers/set-up.driver';
import { signInDriver } from './drivers/sign-in.driver';
import { signUpDriver } from './drivers/sign-up.driver';
import { statementDriver } from './drivers/statement.driver';
import { supportersWallDriver } from './drivers/supporters-wall.driver';
import { toastDriver } from './drivers/toast.driver';
import { transactionDetailsDriver } from './drivers/transaction-details.driver';
import { transactionListDriver } from './drivers/transaction-list.driver';
import { uploadReplyDriver } from './drivers/upload-reply.driver';
import { walletOverviewDriver } from './drivers/wallet-overview.driver';
import { withdrawDriver } from './drivers/withdraw.driver';

/**
 * The machines the generated path tests drive, one driver each (tests/e2e/paths/drivers/<name>.driver.ts), in name
 * order. `npm run flows:paths` plans their paths; generated-paths.spec.ts and generated-paths.clock.spec.ts run them.
 */
export const DRIVERS: Driver<unknown>[] = [
  accountInfoDriver,
  addCardDriver,
  addMoneyDriver,
  auditDriver,
  bankWizardDriver,
  changePasswordDriver,
  closeAccountDriver,
  depositDetailsDriver,
  emailVerificationDriver,
  findPeopleDriver,
  forgotPasswordDriver,
  homeActivityDriver,
  inviteFriendsDriver,
  moneySummaryDriver,
  notificationsDriver,
  paymentActionsDriver,
  paymentMethodsDriver,
  payoutLinkingDriver,
  phoneVerificationDriver,
  preferencesDriver,
  pricePointDriver,
  profileImagesDriver,
  profileSummaryDriver,
  profileDriver,
  publicProfileDriver,
  recipientSearchDriver,
  requestPaymentDriver,
  resetPasswordDriver,
  resourceViewDriver,
  sendPaymentDriver,
  sessionDriver,
  setUpDriver,
  signInDriver,
  signUpDriver,
  statementDriver,
  supportersWallDriver,
  toastDriver,
  transactionDetailsDriver,
  transactionListDriver,
  uploadReplyDriver,
  walletOverviewDriver,
  withdrawDriver,
];
