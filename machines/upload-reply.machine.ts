import { assign, setup } from 'xstate';
import { isTooLarge, mediaKindOf, type ChosenFile, type MediaKind } from '../domain/media-file';
import type { PaymentMessage, PaymentView } from './activity/payment-types';
import { errorOf, failureCode, failureStatus } from './forms/api-failure';
import type { FormMessage } from './forms/field-errors';
import { failureMessage } from './payments/payment-form';
import { hostActor } from './forms/host-actor';

/**
 * /transactions/transaction-details/upload-file?id= (spec 2, issue 5 and 7): the creator replies to a price-point
 * payment with the promised photo (JPEG, PNG) or video (MP4, MOV) and so claims it.
 *
 * load the payment → choose a file (checked at once: the promised kind, 'The file is too large' over its limit)
 * → uploading (with progress) → claiming (the message carrying the media) → claimed. Only the receiver of a
 * payment still `new` may reply; any other payment of the user's is "nothing to reply to", and an unknown or
 * foreign id is "Could not find the transaction", as on the details page.
 *
 * The uploaded file is kept across a failed claim, so "Try again" does not send the bytes twice; the claim's
 * Idempotency-Key comes from the host once per screen, so a retry after a lost answer cannot claim twice.
 * Progress arrives as PROGRESS events the host's upload sends to this machine while the upload runs.
 */
export interface UploadReplyInput {
  userId: string;
  paymentId: string | null;
  /** A random key for the claim, from the host (one per screen). */
  claimKey: string;
}

export interface UploadReplyContext {
  userId: string;
  paymentId: string | null;
  claimKey: string;
  payment: PaymentView | null;
  /** The kind the price point promised. */
  kind: MediaKind | null;
  file: ChosenFile | null;
  caption: string;
  /** Bytes sent of the file, while uploading. */
  sent: number;
  /** The upload's id once the server has it. */
  mediaId: string | null;
  /** Under the file field (wrong kind, too large, none chosen) or above the button (the server's refusal). */
  problem: FormMessage | null;
}

export type UploadReplyEvent =
  | { type: 'RETRY' }
  | { type: 'CHOOSE_FILE'; file: ChosenFile }
  | { type: 'TYPE_CAPTION'; text: string }
  | { type: 'SUBMIT' }
  | { type: 'PROGRESS'; sent: number };

export interface UploadInput {
  userId: string;
  file: ChosenFile;
}

export interface ClaimInput {
  userId: string;
  paymentId: string;
  mediaId: string;
  message: string;
  key: string;
}

// The spec's words (section 8), as the server's file_too_large says them; in the activity texts the page loads.
const FILE_TOO_LARGE: FormMessage = { key: 'activity:upload.fileTooLarge' };
const FILE_REQUIRED: FormMessage = { key: 'activity:upload.fileRequired' };
const wrongKind = (kind: MediaKind | null): FormMessage => ({ key: `activity:upload.wrongKind.${kind ?? 'photo'}` });

/** Whether a problem belongs under the file field (its kind, its size, none chosen) rather than above the button. */
export const isFileProblem = (problem: FormMessage | null): boolean =>
  problem !== null && 'key' in problem && (problem.key === FILE_TOO_LARGE.key || problem.key === FILE_REQUIRED.key || problem.key.startsWith('activity:upload.wrongKind.'));

/** Refusals that mean "not a payment of yours": unknown or foreign (404), or not an id at all (400). */
const NOT_FOUND_STATUSES = [400, 404];
const chosen = (event: UploadReplyEvent) => (event.type === 'CHOOSE_FILE' ? event.file : null);

export const uploadReplyMachine = setup({
  types: {
    context: {} as UploadReplyContext,
    events: {} as UploadReplyEvent,
    input: {} as UploadReplyInput,
  },
  actors: {
    loadPayment: hostActor<PaymentView, { userId: string; paymentId: string }>('loadPayment'),
    uploadMedia: hostActor<{ mediaId: string }, UploadInput>('uploadMedia'),
    claimPayment: hostActor<PaymentMessage, ClaimInput>('claimPayment'),
  },
  guards: {
    hasId: ({ context }) => context.paymentId !== null && context.paymentId.trim() !== '',
    isNotFound: ({ event }) => NOT_FOUND_STATUSES.includes(failureStatus(errorOf(event)) ?? 0),
    // The same rule as payment-actions' "Action Required": the receiver of a price-point payment still held.
    replyIsDue: (_, payment: PaymentView) =>
      payment.status === 'new' && payment.transaction_type === 'receiver' && payment.media_type !== null,
    fileIsWrongKind: ({ context, event }) => {
      const file = chosen(event);
      return file !== null && mediaKindOf(file) !== context.kind;
    },
    fileIsTooLarge: ({ context, event }) => {
      const file = chosen(event);
      return file !== null && context.kind !== null && isTooLarge(file, context.kind);
    },
    hasFile: ({ context }) => context.file !== null,
    hasMedia: ({ context }) => context.mediaId !== null,
    refusedAsTooLarge: ({ event }) => failureCode(errorOf(event)) === 'file_too_large' || failureStatus(errorOf(event)) === 413,
    refusedAsWrongKind: ({ event }) => {
      const code = failureCode(errorOf(event));
      return code === 'media_type_unsupported' || code === 'media_type_mismatch';
    },
  },
  actions: {
    takePayment: assign((_, payment: PaymentView) => ({
      payment,
      kind: payment.media_type === 'video' ? ('video' as const) : ('photo' as const),
    })),
    keepPayment: assign((_, payment: PaymentView) => ({ payment })),
    takeFile: assign(({ event }) => ({ file: chosen(event), mediaId: null, problem: null })),
    refuseWrongKind: assign(({ context }) => ({ file: null, mediaId: null, problem: wrongKind(context.kind) })),
    refuseTooLarge: assign({ file: null, mediaId: null, problem: FILE_TOO_LARGE }),
    askForFile: assign({ problem: FILE_REQUIRED }),
    typeCaption: assign(({ event }) => (event.type === 'TYPE_CAPTION' ? { caption: event.text } : {})),
    startUpload: assign({ sent: 0, problem: null }),
    takeProgress: assign(({ context, event }) =>
      event.type === 'PROGRESS' ? { sent: Math.max(context.sent, Math.min(event.sent, context.file?.size ?? 0)) } : {},
    ),
    takeMedia: assign(({ context }) => ({ sent: context.file?.size ?? 0 })),
    storeMediaId: assign((_, mediaId: string) => ({ mediaId })),
    showFailure: assign({ problem: ({ event }) => failureMessage(errorOf(event)) }),
    clearProblem: assign({ problem: null }),
    // Host effect: move focus to the message (the file field's, or the alert).
    focusProblem: () => {},
  },
}).createMachine({
  id: 'uploadReply',
  context: ({ input }) => ({
    userId: input.userId,
    paymentId: input.paymentId,
    claimKey: input.claimKey,
    payment: null,
    kind: null,
    file: null,
    caption: '',
    sent: 0,
    mediaId: null,
    problem: null,
  }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasId', target: 'loading' }, { target: 'notFound' }] },
    loading: {
      invoke: {
        src: 'loadPayment',
        input: ({ context }) => ({ userId: context.userId, paymentId: context.paymentId! }),
        onDone: [
          {
            guard: { type: 'replyIsDue', params: ({ event }) => event.output },
            target: 'choosing',
            actions: { type: 'takePayment', params: ({ event }) => event.output },
          },
          { target: 'nothingToReply', actions: { type: 'keepPayment', params: ({ event }) => event.output } },
        ],
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'loadFailed' }],
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    notFound: { type: 'final' },
    // Already answered, declined, expired, or the user is the fan: the page says so and links to the details.
    nothingToReply: { type: 'final' },
    choosing: {
      on: {
        CHOOSE_FILE: [
          { guard: 'fileIsWrongKind', actions: ['refuseWrongKind', 'focusProblem'] },
          { guard: 'fileIsTooLarge', actions: ['refuseTooLarge', 'focusProblem'] },
          { actions: 'takeFile' },
        ],
        TYPE_CAPTION: { actions: 'typeCaption' },
        SUBMIT: [
          { guard: 'hasMedia', target: 'claiming', actions: 'clearProblem' },
          { guard: 'hasFile', target: 'uploading', actions: 'startUpload' },
          { actions: ['askForFile', 'focusProblem'] },
        ],
      },
    },
    uploading: {
      on: { PROGRESS: { actions: 'takeProgress' } },
      invoke: {
        src: 'uploadMedia',
        input: ({ context }) => ({ userId: context.userId, file: context.file! }),
        onDone: { target: 'claiming', actions: [{ type: 'storeMediaId', params: ({ event }) => event.output.mediaId }, 'takeMedia'] },
        onError: [
          // The server has the last word on size and kind (it reads the bytes): the file must be chosen again.
          { guard: 'refusedAsTooLarge', target: 'choosing', actions: ['refuseTooLarge', 'focusProblem'] },
          { guard: 'refusedAsWrongKind', target: 'choosing', actions: ['refuseWrongKind', 'focusProblem'] },
          { target: 'choosing', actions: ['showFailure', 'focusProblem'] },
        ],
      },
    },
    claiming: {
      invoke: {
        src: 'claimPayment',
        input: ({ context }) => ({
          userId: context.userId,
          paymentId: context.payment!.payment_id,
          mediaId: context.mediaId!,
          message: context.caption.trim(),
          key: context.claimKey,
        }),
        onDone: 'claimed',
        onError: [
          { guard: 'refusedAsWrongKind', target: 'choosing', actions: ['refuseWrongKind', 'focusProblem'] },
          // Kept: the uploaded media; SUBMIT claims again with it (same key) without sending the file again.
          { target: 'choosing', actions: ['showFailure', 'focusProblem'] },
        ],
      },
    },
    claimed: { type: 'final' },
  },
});

