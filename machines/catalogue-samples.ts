import type { ProblemCode } from '../domain/problem-code';
import type { Person } from './payments/person';
import type { PricePoint } from './profile.machine';
import type { SessionUser } from '../domain/session-user';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { apiFailure } from './forms/api-failure';
import type { bankWizardMachine } from './bank-wizard.machine';
import type { payoutLinkingMachine } from './payout-linking.machine';

/**
 * Samples and stand-ins that several flow-atlas entries share (machines/*.catalogue.ts): users, the server's
 * refusals as the machines receive them, fakes for invoked calls and the graph key of a plain form.
 * No Node or test imports: the explorer loads the entries in the browser.
 */
export const activeUser: SessionUser = {
  userId: 'u-1',
  email: 'ana@example.com',
  accountStatus: 'active',
  emailStatus: 'verified',
  username: 'ana',
  country: 'US',
  fullName: 'Ana Silva',
};
/** Signed up but without username and country yet: the set-up route. */
export const newUser: SessionUser = { ...activeUser, userId: 'u-2', email: 'bo@example.com', username: null, country: null };
/** The account flows (issue 3): a password that meets every rule, and the server's answers they react to. */
export const goodPassword = 'Str0ng!pass';
export const unverifiedUser: SessionUser = { ...newUser, emailStatus: 'unverified' };
export const offline = new Error('Failed to fetch');
export const tooMany = apiFailure(429, { code: 'too_many_attempts', detail: 'Too many attempts. Please try again in 15 minutes.' });
/** A refusal of one field, as the server words it: `detail` and the field error agree. */
export const fieldRefusal = (status: number, code: ProblemCode, field: string, message: string) =>
  apiFailure(status, { code, detail: message, errors: [{ field, message }] });
/** Form machines: the values and which fields have messages; not the show/hide toggles (each has its own transition). */
export const formKey = (snapshot: { value: unknown; context: { values: unknown; errors: object; message: unknown } }) =>
  JSON.stringify({ value: snapshot.value, values: snapshot.context.values, errors: Object.keys(snapshot.context.errors), message: snapshot.context.message });
export const resolves = <T>(value: T) => fromPromise<T, any>(async () => value);
/** A stand-in for a call whose answer the machine does not read. */
export const succeeds = () => fromPromise<void, any>(async () => {});
/** The people the payment screens' and the contacts page's searches find (issue 5). */
export const ann: Person = { userId: 'u-ann', username: 'ann', fullName: 'Ann Smith', photo: null };
export const annabel: Person = { userId: 'u-annabel', username: 'annabel', fullName: 'Annabel Lee', photo: null };
/** The upload screen (issues 5 and 7): a 4 kB JPEG reply, the server's id for it, and its refusals. */
export const replyPhoto = { name: 'reply.jpg', size: 4_096, type: 'image/jpeg' };
export const uploadedMedia = { mediaId: 'media-1.jpg' };
export const fileTooLarge = apiFailure(413, { code: 'file_too_large', detail: 'The file is too large' });
export const unsupportedMedia = apiFailure(415, { code: 'media_type_unsupported', detail: 'Upload a photo (JPEG or PNG) or a video (MP4 or MOV).' });
/** A creator's profile (issue 7): two price points, cheapest first as the server sorts them. */
export const photoOffer: PricePoint = { id: 'pp-5', price: '5.00', description: 'A signed photo', media_type: 'photo' };
export const videoOffer: PricePoint = { id: 'pp-12', price: '12.00', description: 'A video hello', media_type: 'video' };
/** The user of the account machines (issue 7). */
export const marta: SessionUser = {
  userId: 'u-1',
  email: 'marta@example.com',
  accountStatus: 'active',
  emailStatus: 'verified',
  username: 'marta',
  country: 'ES',
  fullName: 'Marta Lopez',
};
/** The step-up dialog's refusal (issue 21): the caller's Tipjar password was wrong, said under its field. */
export const wrongPassword = apiFailure(403, {
  code: 'wrong_password',
  detail: 'The password is not right.',
  errors: [{ field: 'current_password', message: 'The password is not right.' }],
});
/** When withdrawals to a destination set an hour before the wallet samples' clock open (issue 21). */
export const OPENS_AT = '2025-01-03T11:00:00.000Z';
/** A step-up form's graph key (bank wizard, payout linking): where it is, what is typed, which fields are refused, the dialog's error. */
export const stepUpFormKey = (snapshot: SnapshotFrom<typeof bankWizardMachine> | SnapshotFrom<typeof payoutLinkingMachine>) =>
  JSON.stringify({
    value: snapshot.value,
    values: snapshot.context.values,
    errors: Object.keys(snapshot.context.errors),
    failure: snapshot.context.failure !== null,
    passwordError: snapshot.context.passwordError,
  });
