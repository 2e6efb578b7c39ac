import type { Driver } from './driver';
import { addCardDriver } from './drivers/add-card.driver';
import { addMoneyDriver } from './drivers/add-money.driver';
import { depositDetailsDriver } from './drivers/deposit-details.driver';
import { paymentMethodsDriver } from './drivers/payment-methods.driver';
import { phoneVerificationDriver } from './drivers/phone-verification.driver';
import { walletOverviewDriver } from './drivers/wallet-overview.driver';
import { withdrawDriver } from './drivers/withdraw.driver';

/**
 * The machines the generated path tests drive, one driver each (tests/e2e/paths/drivers/<name>.driver.ts), in name
 * order. `npm run flows:paths` plans their paths; generated-paths.spec.ts and generated-paths.clock.spec.ts run them.
 */
export const DRIVERS: Driver<unknown>[] = [
  addCardDriver,
  addMoneyDriver,
  depositDetailsDriver,
  paymentMethodsDriver,
  phoneVerificationDriver,
  walletOverviewDriver,
  withdrawDriver,
];
