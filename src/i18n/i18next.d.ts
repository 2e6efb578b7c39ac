import 'i18next';
import type common from '../../locales/en/common.json';
import type errors from '../../locales/en/errors.json';
import type legal from '../../locales/en/legal.json';
import type marketing from '../../locales/en/marketing.json';
import type support from '../../locales/en/support.json';

// English is the reference: a key missing from it is a compile error in every view that uses it.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      legal: typeof legal;
      marketing: typeof marketing;
      support: typeof support;
    };
  }
}
