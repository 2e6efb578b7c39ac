import type { Driver } from './driver';
import { homeActivityDriver } from './drivers/home-activity.driver';
import { paymentActionsDriver } from './drivers/payment-actions.driver';
import { phoneVerificationDriver } from './drivers/phone-verification.driver';
import { recipientSearchDriver } from './drivers/recipient-search.driver';
import { requestPaymentDriver } from './drivers/request-payment.driver';
import { sendPaymentDriver } from './drivers/send-payment.driver';
import { transactionDetailsDriver } from './drivers/transaction-details.driver';
import { transactionListDriver } from './drivers/transaction-list.driver';
import { withdrawDriver } from './drivers/withdraw.driver';

/**
 * The machines the generated path tests drive, one driver each (tests/e2e/paths/drivers/<name>.driver.ts), in name
 * order. `npm run flows:paths` plans their paths; generated-paths.spec.ts and generated-paths.clock.spec.ts run them.
 */
export const DRIVERS: Driver<unknown>[] = [homeActivityDriver, paymentActionsDriver, phoneVerificationDriver, recipientSearchDriver, requestPaymentDriver, sendPaymentDriver, transactionDetailsDriver, transactionListDriver, withdrawDriver];
