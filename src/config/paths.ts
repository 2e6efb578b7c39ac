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
export const WITHDRAW_FUNDS_PATH = '/withdraw-funds';
export const SETTINGS_PATH = '/settings';
export const PROFILE_PATH = '/profile';
export const PAYMENT_PATH = '/payment';
