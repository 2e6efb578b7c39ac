import {
  ACCOUNT_INFO_PATH,
  ADD_CARD_PATH,
  ADD_MONEY_PATH,
  AUDIT_PATH,
  CHANGE_PASSWORD_PATH,
  CONTACTS_PATH,
  DEPOSIT_DETAILS_PATH,
  EXPIRED_SESSION_PATH,
  FORGOT_PASSWORD_PATH,
  LINK_PAYOUT_ACCOUNT_PATH,
  LOGIN_PATH,
  OPEN_ORDERS_PATH,
  PAYMENT_METHODS_PATH,
  PAYMENT_PATH,
  PRICE_POINT_PATH,
  PROFILE_PATH,
  REQUEST_PAYMENT_PATH,
  RESET_PASSWORD_PATH,
  SEND_PAYMENT_PATH,
  SETTINGS_LEGAL_PATH,
  SETTINGS_PATH,
  SET_UP_PATH,
  SIGN_UP_PATH,
  STATEMENTS_PATH,
  TRANSACTIONS_PATH,
  TRANSACTION_DETAILS_PATH,
  UPDATE_BANK_ACCOUNT_PATH,
  UPLOAD_FILE_PATH,
  VERIFY_SUCCESS_PATH,
  WELCOME_PATH,
  WITHDRAWAL_DETAILS_PATH,
  WITHDRAW_FUNDS_PATH,
  WITHDRAW_METHOD_PATH,
  WITHDRAW_PATH,
} from '../../config/paths';
import type { Runtime } from '../runtime/runtime';
import { pages } from './pages';
import { flowRoutes, informationRoutes, verificationRoutes, type RouteSet } from './route-sets';
import { signedInPages } from './signed-in-pages';
import { startSignedInFirstView } from './signed-in-first-view';

// A chunk of its own beside the page's (with its imports listed here, so they come at once): the calls start early.
const prefetchHome = (runtime: Promise<Runtime>) =>
  void Promise.all([import('../../features/home/home-data'), runtime])
    .then(([m, started]) => m.prefetchHome(started))
    // Without its chunk or the runtime the page fails (or calls) on its own: nothing waits for this.
    .catch(() => {});

/** The routes of a signed-in user (spec 2), in a chunk of their own: a visitor's entry does not carry them. */
export const SIGNED_IN_ROUTE_SET: RouteSet = {
  routes: [
    { path: '/', page: signedInPages.home, layout: 'app', ns: ['activity'], prefetch: prefetchHome, serverRendered: true },
    { path: TRANSACTIONS_PATH, page: signedInPages.transactions, layout: 'app', ns: ['activity'], serverRendered: true },
    { path: STATEMENTS_PATH, page: signedInPages.statements, layout: 'app', ns: ['activity'] },
    { path: TRANSACTION_DETAILS_PATH, page: signedInPages.transactionDetails, layout: 'app' },
    { path: UPLOAD_FILE_PATH, page: signedInPages.uploadFile, layout: 'app' },
    { path: OPEN_ORDERS_PATH, page: signedInPages.openOrders, layout: 'app', ns: ['activity'] },
    { path: WITHDRAW_FUNDS_PATH, page: signedInPages.wallet, layout: 'app' },
    { path: ADD_MONEY_PATH, page: signedInPages.wallet, layout: 'app' },
    { path: DEPOSIT_DETAILS_PATH, page: signedInPages.wallet, layout: 'app' },
    { path: PAYMENT_METHODS_PATH, page: signedInPages.wallet, layout: 'app' },
    { path: ADD_CARD_PATH, page: signedInPages.wallet, layout: 'app' },
    { path: WITHDRAW_PATH, page: signedInPages.withdrawals, layout: 'app' },
    { path: WITHDRAWAL_DETAILS_PATH, page: signedInPages.withdrawals, layout: 'app' },
    { path: WITHDRAW_METHOD_PATH, page: signedInPages.withdrawals, layout: 'app' },
    { path: UPDATE_BANK_ACCOUNT_PATH, page: signedInPages.withdrawals, layout: 'app' },
    { path: LINK_PAYOUT_ACCOUNT_PATH, page: signedInPages.withdrawals, layout: 'app' },
    { path: SETTINGS_PATH, page: signedInPages.settings, layout: 'app' },
    { path: SETTINGS_LEGAL_PATH, page: signedInPages.settings, layout: 'app' },
    { path: ACCOUNT_INFO_PATH, page: signedInPages.settings, layout: 'app' },
    { path: PROFILE_PATH, page: signedInPages.profile, layout: 'app' },
    { path: PRICE_POINT_PATH, page: signedInPages.pricePoint, layout: 'app' },
    { path: PAYMENT_PATH, page: signedInPages.payment, layout: 'app', ns: ['payments'] },
    { path: SEND_PAYMENT_PATH, page: signedInPages.sendPayment, layout: 'app', ns: ['payments', 'wallet'], serverRendered: true },
    { path: REQUEST_PAYMENT_PATH, page: signedInPages.requestPayment, layout: 'app', ns: ['payments'] },
    { path: CHANGE_PASSWORD_PATH, page: signedInPages.changePassword, layout: 'app' },
    { path: CONTACTS_PATH, page: signedInPages.contacts, layout: 'app' },
    // Every signed-in user reaches the path; the page is "not found" unless the server says they are an auditor.
    { path: AUDIT_PATH, page: signedInPages.audit, layout: 'app' },
    ...flowRoutes(),
    ...verificationRoutes('app'),
    ...informationRoutes('app'),
  ],
  // A signed-in user following an old sign-in link lands home rather than on a 404.
  redirects: {
    [LOGIN_PATH]: '/',
    [SIGN_UP_PATH]: '/',
    [WELCOME_PATH]: '/',
    [SET_UP_PATH]: '/',
    [EXPIRED_SESSION_PATH]: '/',
    [VERIFY_SUCCESS_PATH]: '/',
    [FORGOT_PASSWORD_PATH]: '/',
    [RESET_PASSWORD_PATH]: '/',
  },
  notFoundLayout: 'app',
  publicProfileLayout: 'app',
};

/**
 * Called when this table arrives (app-router.tsx): on a signed-in first visit, what the page needs starts here; the
 * promise says when the page, its strings and the shell have arrived.
 */
export const startFirstView = (loadRuntime: () => Promise<Runtime>): Promise<unknown> =>
  startSignedInFirstView(SIGNED_IN_ROUTE_SET, window.location.pathname, loadRuntime);
