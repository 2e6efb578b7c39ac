import type { ParseKeys } from 'i18next';

/**
 * Localised titles of the signed-in paths (spec 2 table), for breadcrumbs. Listed ahead of their pages so
 * a crumb exists for every prefix as soon as a deeper page lands.
 */
export const ROUTE_TITLES: Readonly<Record<string, ParseKeys<'common'>>> = {
  '/': 'routes.home',
  '/profile': 'routes.profile',
  '/profile/price-point': 'routes.pricePoint',
  '/settings': 'routes.settings',
  '/settings/payment-methods': 'routes.paymentMethods',
  '/settings/payment-methods/add-new-card': 'routes.addNewCard',
  '/settings/withdraw-method': 'routes.withdrawMethod',
  '/settings/withdraw-method/update-bank-account': 'routes.updateBankAccount',
  '/settings/legal': 'routes.legal',
  '/transactions': 'routes.transactions',
  '/transactions/statements': 'routes.statements',
  '/transactions/transaction-details': 'routes.transactionDetails',
  '/transactions/transaction-details/upload-file': 'routes.uploadFile',
  '/transactions/orders': 'routes.openOrders',
  '/payment': 'routes.payment',
  '/payment/send': 'routes.send',
  '/payment/request': 'routes.request',
  '/withdraw-funds': 'routes.withdrawFunds',
  '/withdraw-funds/add-money': 'routes.addMoney',
  '/withdraw-funds/withdrawal-details': 'routes.withdrawalDetails',
  '/withdraw-funds/deposit-details': 'routes.depositDetails',
  '/change-password': 'routes.changePassword',
  '/contacts': 'routes.contacts',
  '/account-info': 'routes.accountInfo',
  '/how-it-works': 'routes.howItWorks',
  '/faq': 'routes.faq',
  '/help': 'routes.help',
  '/terms-of-service': 'routes.termsOfService',
  '/creator-terms-of-service': 'routes.creatorTermsOfService',
  '/privacy-policy': 'routes.privacyPolicy',
  '/dmca': 'routes.dmca',
  '/acceptable-use-guidelines': 'routes.acceptableUse',
  '/community-guidelines': 'routes.communityGuidelines',
};
