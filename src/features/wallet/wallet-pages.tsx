import { ADD_CARD_PATH, ADD_MONEY_PATH, DEPOSIT_DETAILS_PATH, PAYMENT_METHODS_PATH } from '../../config/paths';
import { screenByPath } from '../../app/router/screen-by-path';
import { AddCardPage } from './add-card-page';
import { PaymentMethodsPage } from './payment-methods-page';
import { AddMoneyPage } from './add-money-page';
import { DepositDetailsPage } from './deposit-details-page';
import { WithdrawFundsPage } from './withdraw-funds-page';

/** The wallet screens of issue 6 (part 1) as one lazy page; /withdraw-funds is the fallback. */
export const WalletPage = screenByPath(
  {
    [ADD_MONEY_PATH]: AddMoneyPage,
    [DEPOSIT_DETAILS_PATH]: DepositDetailsPage,
    [PAYMENT_METHODS_PATH]: PaymentMethodsPage,
    [ADD_CARD_PATH]: AddCardPage,
  },
  WithdrawFundsPage,
);
