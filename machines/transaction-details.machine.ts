import { assign, setup } from 'xstate';
import { isTooLarge, mediaKindOf, type ChosenFile } from '../domain/media-file';
import { errorOf, failureCode, failureStatus } from './forms/api-failure';
import type { FormMessage } from './forms/field-errors';
import type { PaymentMessage, PaymentTrailLine, PaymentView } from './activity/payment-types';
import { liveUpdatesPlaceholder, type LiveEvent } from './live/live-updates';
import { hostActor } from './forms/host-actor';

/**
 * /transactions/transaction-details?id= (spec 2/3): one payment with its status trail, and its message thread.
 * An unknown id, one that is no payment id at all, or a payment of other people are all "Could not find the
 * transaction" (the server answers 404, or 400 for a malformed id) — never a hint of which. Sending a message
 * keeps the typed text until the server has it; a retry of the same text reuses its Idempotency-Key, so a send
 * that did arrive is not posted twice. When the payment changes (an action on it), the details and trail are
 * loaded again while the page keeps showing the last ones.
 *
 * A photo (JPEG, PNG) or video (MP4, MOV) may go with a message: it is uploaded as soon as it is chosen (checked
 * first: its kind, 'The file is too large'), and the message carries its id. Text or an attachment, either is
 * enough to send. (On a price point awaiting the creator's reply, the creator's media message claims it — the
 * server's rule; the upload screen is the guided way to do that.)
 *
 * Live (issue 23.4): while shown, the page follows the user's live updates; a change of this payment (the
 * creator's reply: Complete, and the photo) or a reset of the stream loads it again in place, as PAYMENT_CHANGED
 * does; another change during that load starts it over, so the last one shown is the newest.
 */
export interface TransactionDetailsInput {
  userId: string;
  paymentId: string | null;
}

export interface PaymentDetails {
  payment: PaymentView;
  trail: PaymentTrailLine[];
}

export interface TransactionDetailsContext {
  userId: string;
  paymentId: string | null;
  details: PaymentDetails | null;
  draft: string;
  /** The Idempotency-Key of the draft's last send; dropped once the text changes or the message is posted. */
  sendKey: string | null;
  /** The file going with the draft, and its id once uploaded. */
  attachment: { file: ChosenFile; mediaId: string | null } | null;
  /** Why the chosen file was refused (its kind, its size, or the upload failed). */
  attachProblem: FormMessage | null;
}

export type TransactionDetailsEvent =
  | { type: 'RETRY' }
  | { type: 'TYPE_MESSAGE'; text: string }
  /** `key`: a fresh Idempotency-Key, used unless the same text is being sent again. */
  | { type: 'SEND_MESSAGE'; key: string }
  | { type: 'PAYMENT_CHANGED' }
  | { type: 'ATTACH_FILE'; file: ChosenFile }
  | { type: 'REMOVE_ATTACHMENT' }
  | LiveEvent;

export interface LoadDetailsInput {
  userId: string;
  paymentId: string;
}

export interface PostMessageInput {
  userId: string;
  paymentId: string;
  message: string;
  key: string;
  /** The uploaded attachment's id, when there is one. */
  mediaId?: string;
}

const ATTACHMENT_TOO_LARGE: FormMessage = { key: 'activity:upload.fileTooLarge' };
const ATTACHMENT_UNSUPPORTED: FormMessage = { key: 'activity:thread.attachUnsupported' };
const ATTACHMENT_FAILED: FormMessage = { key: 'activity:thread.attachFailed' };

const chosenFile = (event: TransactionDetailsEvent) => (event.type === 'ATTACH_FILE' ? event.file : null);

/** Refusals that mean "not a payment of yours": unknown or foreign (404), or not an id at all (400). */
const NOT_FOUND_STATUSES = [400, 404];

export const transactionDetailsMachine = setup({
  types: {
    context: {} as TransactionDetailsContext,
    events: {} as TransactionDetailsEvent,
    input: {} as TransactionDetailsInput,
  },
  actors: {
    loadDetails: hostActor<PaymentDetails, LoadDetailsInput>('loadDetails'),
    postMessage: hostActor<PaymentMessage, PostMessageInput>('postMessage'),
    uploadMedia: hostActor<{ mediaId: string }, { userId: string; file: ChosenFile }>('uploadMedia'),
    liveUpdates: liveUpdatesPlaceholder,
  },
  guards: {
    isThisPayment: ({ context, event }) => event.type === 'LIVE_PAYMENT' && event.paymentId === context.details?.payment.payment_id,
    hasId: ({ context }) => context.paymentId !== null && context.paymentId.trim() !== '',
    isNotFound: ({ event }) => NOT_FOUND_STATUSES.includes(failureStatus(errorOf(event)) ?? 0),
    hasDraft: ({ context }) => context.draft.trim() !== '' || context.attachment?.mediaId != null,
    fileUnsupported: ({ event }) => {
      const file = chosenFile(event);
      return file !== null && mediaKindOf(file) === null;
    },
    fileTooLarge: ({ event }) => {
      const file = chosenFile(event);
      const kind = file ? mediaKindOf(file) : null;
      return file !== null && kind !== null && isTooLarge(file, kind);
    },
    uploadRefusedAsTooLarge: ({ event }) => failureCode(errorOf(event)) === 'file_too_large',
    uploadRefusedAsUnsupported: ({ event }) => failureCode(errorOf(event)) === 'media_type_unsupported',
  },
  actions: {
    takeDetails: assign((_, details: PaymentDetails) => ({ details })),
    typeMessage: assign(({ context, event }) =>
      event.type === 'TYPE_MESSAGE' ? { draft: event.text, sendKey: event.text === context.draft ? context.sendKey : null } : {},
    ),
    keepSendKey: assign({
      sendKey: ({ context, event }) => context.sendKey ?? (event.type === 'SEND_MESSAGE' ? event.key : null),
    }),
    appendMessage: assign(({ context }, message: PaymentMessage) => {
      if (!context.details) return {};
      const { payment } = context.details;
      return {
        details: { ...context.details, payment: { ...payment, messages: [...payment.messages, message] } },
        draft: '',
        sendKey: null,
        attachment: null,
      };
    }),
    // A new attachment makes a new message: the last send's key no longer describes it.
    takeAttachment: assign(({ event }) => {
      const file = chosenFile(event);
      return file ? { attachment: { file, mediaId: null }, attachProblem: null, sendKey: null } : {};
    }),
    storeMediaId: assign(({ context }, mediaId: string) => ({
      attachment: context.attachment && { ...context.attachment, mediaId },
    })),
    refuseUnsupported: assign({ attachment: null, attachProblem: ATTACHMENT_UNSUPPORTED }),
    refuseTooLarge: assign({ attachment: null, attachProblem: ATTACHMENT_TOO_LARGE }),
    showAttachFailed: assign({ attachment: null, attachProblem: ATTACHMENT_FAILED }),
    removeAttachment: assign({ attachment: null, attachProblem: null, sendKey: null }),
  },
}).createMachine({
  id: 'transactionDetails',
  context: ({ input }) => ({
    userId: input.userId,
    paymentId: input.paymentId,
    details: null,
    draft: '',
    sendKey: null,
    attachment: null,
    attachProblem: null,
  }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasId', target: 'loading' }, { target: 'notFound' }] },
    loading: {
      invoke: {
        src: 'loadDetails',
        input: ({ context }) => ({ userId: context.userId, paymentId: context.paymentId! }),
        onDone: { target: 'ready', actions: { type: 'takeDetails', params: ({ event }) => event.output } },
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'failed' }],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    notFound: { type: 'final' },
    ready: {
      type: 'parallel',
      invoke: { src: 'liveUpdates', input: ({ context }) => ({ userId: context.userId }) },
      states: {
        thread: {
          initial: 'composing',
          states: {
            composing: {
              on: {
                TYPE_MESSAGE: { actions: 'typeMessage' },
                SEND_MESSAGE: { guard: 'hasDraft', target: 'sending', actions: 'keepSendKey' },
                ATTACH_FILE: [
                  { guard: 'fileUnsupported', actions: 'refuseUnsupported' },
                  { guard: 'fileTooLarge', actions: 'refuseTooLarge' },
                  { target: 'attaching', actions: 'takeAttachment' },
                ],
                REMOVE_ATTACHMENT: { actions: 'removeAttachment' },
              },
            },
            attaching: {
              invoke: {
                src: 'uploadMedia',
                input: ({ context }) => ({ userId: context.userId, file: context.attachment!.file }),
                onDone: { target: 'composing', actions: { type: 'storeMediaId', params: ({ event }) => event.output.mediaId } },
                onError: [
                  { guard: 'uploadRefusedAsTooLarge', target: 'composing', actions: 'refuseTooLarge' },
                  { guard: 'uploadRefusedAsUnsupported', target: 'composing', actions: 'refuseUnsupported' },
                  { target: 'composing', actions: 'showAttachFailed' },
                ],
              },
            },
            sending: {
              invoke: {
                src: 'postMessage',
                input: ({ context }) => ({
                  userId: context.userId,
                  paymentId: context.details!.payment.payment_id,
                  message: context.draft.trim(),
                  key: context.sendKey!,
                  ...(context.attachment?.mediaId ? { mediaId: context.attachment.mediaId } : {}),
                }),
                onDone: { target: 'composing', actions: { type: 'appendMessage', params: ({ event }) => event.output } },
                // The client's middleware shows the server's message; the text stays for another try.
                onError: 'composing',
              },
            },
          },
        },
        payment: {
          initial: 'current',
          states: {
            current: {
              on: {
                PAYMENT_CHANGED: 'refreshing',
                LIVE_PAYMENT: { guard: 'isThisPayment', target: 'refreshing' },
                LIVE_RESET: 'refreshing',
              },
            },
            refreshing: {
              on: { LIVE_PAYMENT: { guard: 'isThisPayment', target: 'refreshing', reenter: true } },
              invoke: {
                src: 'loadDetails',
                input: ({ context }) => ({ userId: context.userId, paymentId: context.paymentId! }),
                onDone: { target: 'current', actions: { type: 'takeDetails', params: ({ event }) => event.output } },
                // The last details stay on screen; the notification tells what failed.
                onError: 'current',
              },
            },
          },
        },
      },
    },
  },
});
