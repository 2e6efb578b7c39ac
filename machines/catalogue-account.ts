import { fromPromise, type SnapshotFrom } from 'xstate';
import { PHOTO_MAX_BYTES } from '../domain/limits';
import type { SessionUser } from '../domain/session-user';
import { accountInfoMachine, type AccountInfoLoaded, type AccountInfoResult } from './account-info.machine';
import { entry } from './catalogue-entry';
import { closeAccountMachine } from './close-account.machine';
import { apiFailure } from './forms/api-failure';
import { preferencesMachine, type Preferences } from './preferences.machine';
import { profileImagesMachine, type ImageKeys, type PickedFile } from './profile-images.machine';
import { profileSummaryMachine, type ProfileSummary } from './profile-summary.machine';

/**
 * The account machines of issue 7 (settings, account info, closing, the profile's pictures and the sidebar's copy
 * of the profile), catalogued here and spread into machines/catalogue.ts: same rules as the entries there.
 */
const resolves = <T>(value: T) => fromPromise<T, any>(async () => value);
const succeeds = () => fromPromise<void, any>(async () => {});
const offline = new Error('Failed to fetch');

const marta: SessionUser = {
  userId: 'u-1',
  email: 'marta@example.com',
  accountStatus: 'active',
  emailStatus: 'verified',
  username: 'marta',
  country: 'ES',
  fullName: 'Marta Lopez',
};
const martaAccount: AccountInfoLoaded = { user: marta, phoneNumber: '+34612345678', pendingEmail: null };
/** Reloaded while a new email waits for its code. */
const martaPending: AccountInfoLoaded = { ...martaAccount, pendingEmail: 'marta@new.example.com' };
/** After the code: the account's email is the new one. */
const martaMoved: AccountInfoLoaded = { user: { ...marta, email: 'marta@new.example.com' }, phoneNumber: '+34612345678', pendingEmail: null };
const renamed: SessionUser = { ...marta, fullName: 'Marta L.' };
const savedRenamed: AccountInfoResult = { user: renamed, verificationSent: false, pendingEmail: null };
/** A new email saved: the account keeps the current one, the new one waits for its code. */
const savedPending: AccountInfoResult = { user: marta, verificationSent: true, pendingEmail: 'marta@new.example.com' };
const wrongPassword = apiFailure(403, {
  code: 'wrong_password',
  detail: 'The password is not right.',
  errors: [{ field: 'current_password', message: 'The password is not right.' }],
});
const otpInvalid = apiFailure(400, { code: 'otp_invalid', detail: 'That code is not right. Check the email we sent or ask for a new code.' });
const balanceLeft = apiFailure(409, {
  code: 'account_has_balance',
  detail: 'Your wallet still holds money. Withdraw or spend it before closing your account.',
});
const usernameTaken = apiFailure(409, { code: 'username_taken', detail: 'Username already exists', errors: [{ field: 'username', message: 'Username already exists' }] });
const savedPreferences: Preferences = { language: 'es', emailNotifications: false };
const defaultPreferences: Preferences = { language: 'en', emailNotifications: true };

/** Files as the file picker gives them: a photo, one too large, and a video. */
const file = (type: string, size: number, name: string): PickedFile => ({ name, size, type, data: new Blob([]) });
export const SAMPLE_FILES = {
  photo: file('image/png', 2_000, 'me.png'),
  tooLarge: file('image/jpeg', PHOTO_MAX_BYTES + 1, 'huge.jpg'),
  video: file('video/mp4', 2_000, 'clip.mp4'),
};
const summary: ProfileSummary = { bio_message: 'Photos of the coast.', photo_key: 'm-1', background_key: null };

const formKey = (snapshot: { value: unknown; context: { values: unknown; errors: object; message: unknown } }) =>
  JSON.stringify({ value: snapshot.value, values: snapshot.context.values, errors: Object.keys(snapshot.context.errors), message: snapshot.context.message });
const imagesKey = (snapshot: SnapshotFrom<typeof profileImagesMachine>) =>
  JSON.stringify({ value: snapshot.value, keys: snapshot.context.keys, slot: snapshot.context.slot, errors: snapshot.context.errors });

export const accountCatalogue = {
  'account-info': entry({
    machine: accountInfoMachine,
    purpose:
      'Account info (/account-info): public name, username, country and email; a new email or name asks for the password first; a new email waits, with its code typed here, until verified.',
    fake: () =>
      accountInfoMachine.provide({
        actors: {
          loadUser: resolves<AccountInfoLoaded>(martaAccount),
          saveAccountInfo: resolves<AccountInfoResult>(savedRenamed),
          verifyEmailCode: resolves<AccountInfoLoaded>(martaMoved),
          resendEmailCode: succeeds(),
        },
      }),
    inputs: { signedIn: { userId: marta.userId } },
    events: {
      CHANGE: [
        { type: 'CHANGE', field: 'fullName', value: 'Marta L.' },
        { type: 'CHANGE', field: 'email', value: 'not-an-email' },
      ],
      SUBMIT: { type: 'SUBMIT' },
      RETRY: { type: 'RETRY' },
      PASSWORD_SUBMIT: [
        { type: 'PASSWORD_SUBMIT', password: '' },
        { type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' },
      ],
      CANCEL: { type: 'CANCEL' },
      CODE_CHANGED: [
        { type: 'CODE_CHANGED', digits: ['4', '8', '1', '5', '1', '6'] },
        { type: 'CODE_CHANGED', digits: ['4', '8', '1'] },
      ],
      VERIFY_CODE: { type: 'VERIFY_CODE' },
      RESEND_CODE: { type: 'RESEND_CODE' },
    },
    invokeResults: {
      loadUser: { done: [martaAccount, martaPending], error: [offline] },
      saveAccountInfo: { done: [savedRenamed, savedPending], error: [usernameTaken, offline, wrongPassword] },
      verifyEmailCode: { done: [martaMoved], error: [otpInvalid] },
      resendEmailCode: { done: [undefined], error: [offline] },
    },
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        values: snapshot.context.values,
        errors: Object.keys(snapshot.context.errors),
        message: snapshot.context.message,
        passwordError: snapshot.context.passwordError,
        pendingEmail: snapshot.context.pendingEmail,
        code: snapshot.context.digits.join(''),
        codeError: snapshot.context.codeError,
        resent: snapshot.context.resent,
      }),
  }),
  'close-account': entry({
    machine: closeAccountMachine,
    purpose:
      'Close account: a confirmation dialog that asks for the password, then the server closes it or says why not (wrong password, money in the wallet, payments still open).',
    fake: () => closeAccountMachine.provide({ actors: { closeAccount: succeeds() } }),
    inputs: { signedIn: { userId: marta.userId } },
    events: {
      CLOSE: { type: 'CLOSE' },
      PASSWORD_SUBMIT: [
        { type: 'PASSWORD_SUBMIT', password: '' },
        { type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' },
      ],
      CANCEL: { type: 'CANCEL' },
    },
    invokeResults: { closeAccount: { done: [undefined], error: [balanceLeft, wrongPassword] } },
  }),
  preferences: entry({
    machine: preferencesMachine,
    purpose: 'Manage preferences (/settings): language and notification emails, stored on the server; a language picked applies and is stored at once.',
    fake: () =>
      preferencesMachine.provide({
        actors: { loadPreferences: resolves(defaultPreferences), savePreferences: resolves(savedPreferences) },
      }),
    inputs: { signedIn: { userId: marta.userId } },
    events: {
      CHANGE: [
        { type: 'CHANGE', field: 'language', value: 'es' },
        { type: 'CHANGE', field: 'emailNotifications', value: false },
      ],
      SAVE: { type: 'SAVE' },
      RETRY: { type: 'RETRY' },
    },
    invokeResults: {
      loadPreferences: { done: [defaultPreferences], error: [offline] },
      savePreferences: { done: [savedPreferences], error: [offline] },
    },
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, values: snapshot.context.values, message: snapshot.context.message }),
  }),
  'profile-images': entry({
    machine: profileImagesMachine,
    purpose: "The avatar and background image: JPEG or PNG within the photo limit ('The file is too large'), uploaded, then made the picture.",
    fake: () =>
      profileImagesMachine.provide({
        actors: { uploadPhoto: resolves({ mediaId: 'm-2' }), setImage: resolves<ImageKeys>({ photo_key: 'm-2', background_key: null }) },
      }),
    inputs: { noPictures: { userId: marta.userId, photo_key: null, background_key: null } },
    events: {
      CHOOSE: [
        { type: 'CHOOSE', slot: 'photo', file: SAMPLE_FILES.photo },
        { type: 'CHOOSE', slot: 'photo', file: SAMPLE_FILES.tooLarge },
        { type: 'CHOOSE', slot: 'background', file: SAMPLE_FILES.video },
      ],
    },
    invokeResults: {
      uploadPhoto: { done: [{ mediaId: 'm-2' }], error: [apiFailure(413, { code: 'file_too_large', detail: 'The file is too large' })] },
      setImage: { done: [{ photo_key: 'm-2', background_key: null }], error: [offline] },
    },
    serializeState: imagesKey,
  }),
  'profile-summary': entry({
    machine: profileSummaryMachine,
    purpose: "The shell's copy of the profile (sidebar: bio, avatar and banner keys); reloaded after the profile page saves.",
    fake: () => profileSummaryMachine.provide({ actors: { loadSummary: resolves(summary) } }),
    inputs: { signedIn: { userId: marta.userId } },
    events: { REFRESH: { type: 'REFRESH' } },
    invokeResults: { loadSummary: { done: [summary], error: [offline] } },
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, summary: snapshot.context.summary }),
  }),
};
