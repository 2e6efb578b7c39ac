import type { Person } from '../../../machines/payments/person';

/** The people of the payment samples (machines/catalogue-samples.ts), for assertions. */
export const ann: Person = { userId: 'u-ann', username: 'ann', fullName: 'Ann Smith', photo: null };
export const annabel: Person = { userId: 'u-annabel', username: 'annabel', fullName: 'Annabel Lee', photo: null };
