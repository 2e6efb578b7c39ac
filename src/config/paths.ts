/** Every app path in one place; views link with these, route tables map them to pages. */
export { EXPIRED_SESSION_PATH, LOGIN_PATH, SET_UP_PATH } from '../../domain/product';

export const HOME_PATH = '/';
export const WELCOME_PATH = '/welcome';
export const SIGN_UP_PATH = '/sign-up';
export const HOW_IT_WORKS_PATH = '/how-it-works';
export const PRIVACY_PATH = '/privacy-policy';
export const TERMS_PATH = '/terms-of-service';
export const DMCA_PATH = '/dmca';
export const COMMUNITY_GUIDELINES_PATH = '/community-guidelines';
export const FAQ_PATH = '/faq';
export const HELP_PATH = '/help';

export const TRANSACTIONS_PATH = '/transactions';
export const TRANSACTION_DETAILS_PATH = '/transactions/transaction-details';
export const UPLOAD_FILE_PATH = '/transactions/transaction-details/upload-file';
/** A creator's price-point orders waiting for their reply (issue 23 item 3). */
export const OPEN_ORDERS_PATH = '/transactions/orders';
/** The monthly statements (issue 26 item 2), under the activity: no new first segment, so no username is taken. */
export const STATEMENTS_PATH = '/transactions/statements';
export const WITHDRAW_FUNDS_PATH = '/withdraw-funds';
export const SETTINGS_PATH = '/settings';
export const PROFILE_PATH = '/profile';
export const PRICE_POINT_PATH = '/profile/price-point';
export const PAYMENT_PATH = '/payment';

// The flow atlas (issue 9): the explorer (a developer tool, on when configured) and the auditor's page.
export const FLOWS_PATH = '/flows';
export const AUDIT_PATH = '/audit';

// Account pages (issue 3).
export const CHECK_EMAIL_PATH = '/check-email';
export const VERIFY_EMAIL_PATH = '/verify-email';
export const EXPIRED_LINK_PATH = '/expired-link';
export const VERIFY_SUCCESS_PATH = '/verify-success-mobile';
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const RESET_PASSWORD_PATH = '/reset-password';
export const CHANGE_PASSWORD_PATH = '/change-password';

// People (issue 7).
export const CONTACTS_PATH = '/contacts';

/** A path with query parameters, skipping empty ones. */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

// Payment screens (issue 5).
export const SEND_PAYMENT_PATH = '/payment/send';
export const REQUEST_PAYMENT_PATH = '/payment/request';

// Withdrawals (issue 6, part 2). The /withdraw-funds page links to WITHDRAW_PATH; settings to WITHDRAW_METHOD_PATH.
export const WITHDRAW_PATH = '/withdraw-funds/withdraw';
export const WITHDRAWAL_DETAILS_PATH = '/withdraw-funds/withdrawal-details';
export const WITHDRAW_METHOD_PATH = '/settings/withdraw-method';
export const UPDATE_BANK_ACCOUNT_PATH = '/settings/withdraw-method/update-bank-account';
export const LINK_PAYOUT_ACCOUNT_PATH = '/settings/withdraw-method/link-payout-account';
export const ADD_MONEY_PATH = '/withdraw-funds/add-money';
export const DEPOSIT_DETAILS_PATH = '/withdraw-funds/deposit-details';
export const PAYMENT_METHODS_PATH = '/settings/payment-methods';
export const ADD_CARD_PATH = '/settings/payment-methods/add-new-card';
// Settings screens (issue 7).
export const ACCOUNT_INFO_PATH = '/account-info';
export const SETTINGS_LEGAL_PATH = '/settings/legal';
