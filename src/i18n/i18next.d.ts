import 'i18next';
import type accounts from '../../locales/en/accounts.json';
import type activity from '../../locales/en/activity.json';
import type atlas from '../../locales/en/atlas.json';
import type common from '../../locales/en/common.json';
import type creators from '../../locales/en/creators.json';
import type errors from '../../locales/en/errors.json';
import type legal from '../../locales/en/legal.json';
import type marketing from '../../locales/en/marketing.json';
import type payments from '../../locales/en/payments.json';
import type people from '../../locales/en/people.json';
import type settings from '../../locales/en/settings.json';
import type support from '../../locales/en/support.json';
import type wallet from '../../locales/en/wallet.json';
import type withdrawals from '../../locales/en/withdrawals.json';

// English is the reference: a key missing from it is a compile error in every view that uses it.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      accounts: typeof accounts;
      activity: typeof activity;
      atlas: typeof atlas;
      common: typeof common;
      creators: typeof creators;
      errors: typeof errors;
      legal: typeof legal;
      marketing: typeof marketing;
      payments: typeof payments;
      people: typeof people;
      settings: typeof settings;
      support: typeof support;
      wallet: typeof wallet;
      withdrawals: typeof withdrawals;
    };
  }
}
