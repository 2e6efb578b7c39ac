import { LINK_PAYOUT_ACCOUNT_PATH, UPDATE_BANK_ACCOUNT_PATH, WITHDRAWAL_DETAILS_PATH, WITHDRAW_METHOD_PATH } from '../../config/paths';
import { screenByPath } from '../../app/router/screen-by-path';
import { BankWizardPage } from './bank-wizard-page';
import { PayoutLinkingPage } from './payout-linking-page';
import { WithdrawMethodPage } from './withdraw-method-page';
import { WithdrawPage } from './withdraw-page';
import { WithdrawalDetailsPage } from './withdrawal-details-page';

/** The withdrawal screens of issue 6 (part 2) as one lazy page; the withdraw flow is the fallback. */
export const WithdrawalPages = screenByPath(
  {
    [WITHDRAWAL_DETAILS_PATH]: WithdrawalDetailsPage,
    [WITHDRAW_METHOD_PATH]: WithdrawMethodPage,
    [UPDATE_BANK_ACCOUNT_PATH]: BankWizardPage,
    [LINK_PAYOUT_ACCOUNT_PATH]: PayoutLinkingPage,
  },
  WithdrawPage,
);
