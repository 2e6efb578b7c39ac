import * as activity from './activity/samples';
import { transactionDetailsMachine } from './transaction-details.machine';
import { liveSamples, transferSample } from './live/live-updates';
import { entry } from './catalogue-entry';
import { fileTooLarge, replyPhoto, resolves, unsupportedMedia, uploadedMedia } from './catalogue-samples';

/** The flow atlas entry of `transaction-details` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: transactionDetailsMachine,
  purpose: 'One payment with its trail and message thread; "Could not find the transaction" for an unknown, malformed or foreign id; a message (with an optional photo or video, uploaded when chosen) kept (and its key reused) until the server has it.',
  views: ['src/features/transactions/transaction-details-page.tsx', 'src/features/transactions/message-thread.tsx'],
  operations: { loadDetails: ['getPayment', 'listPaymentEvents'], postMessage: ['postPaymentMessage'], uploadMedia: ['uploadMedia'], liveUpdates: ['streamEvents'] },
  tests: ['tests/e2e/activity.spec.ts', 'tests/e2e/live-updates.spec.ts', 'tests/api/payments.test.ts', 'tests/api/uploads.test.ts'],
  fake: () =>
    transactionDetailsMachine.provide({
      actors: {
        loadDetails: resolves({ payment: activity.myRequest, trail: activity.trailOfMyRequest }),
        postMessage: resolves(activity.sampleMessage),
        uploadMedia: resolves(uploadedMedia),
      },
    }),
  inputs: {
    withId: { userId: activity.ANA_ID, paymentId: activity.myRequest.payment_id },
    withoutId: { userId: activity.ANA_ID, paymentId: null },
  },
  events: {
    RETRY: { type: 'RETRY' },
    // A message, then whitespace only (nothing to send).
    TYPE_MESSAGE: [
      { type: 'TYPE_MESSAGE', text: 'Thanks!' },
      { type: 'TYPE_MESSAGE', text: '   ' },
    ],
    SEND_MESSAGE: { type: 'SEND_MESSAGE', key: 'key-1' },
    PAYMENT_CHANGED: { type: 'PAYMENT_CHANGED' },
    // Live updates (issue 23.4): this payment changed (reloaded), another one did (ignored), the stream reset; a
    // deposit completed (ignored: the page shows no balance).
    ...liveSamples(activity.myRequest.payment_id),
    ...transferSample(),
    // A photo to attach, a PDF (not a photo or video), and a video over 100 MB.
    ATTACH_FILE: [
      { type: 'ATTACH_FILE', file: replyPhoto },
      { type: 'ATTACH_FILE', file: { name: 'invoice.pdf', size: 2_000, type: 'application/pdf' } },
      { type: 'ATTACH_FILE', file: { name: 'long.mov', size: 100 * 1024 * 1024 + 1, type: 'video/quicktime' } },
    ],
    REMOVE_ATTACHMENT: { type: 'REMOVE_ATTACHMENT' },
  },
  invokeResults: {
    loadDetails: {
      done: [{ payment: activity.myRequest, trail: activity.trailOfMyRequest }],
      error: [activity.notFound, activity.malformedId, activity.offline],
    },
    postMessage: { done: [activity.sampleMessage], error: [activity.offline] },
    uploadMedia: { done: [uploadedMedia], error: [fileTooLarge, unsupportedMedia, activity.offline] },
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      draft: snapshot.context.draft,
      key: snapshot.context.sendKey,
      messages: Math.min(snapshot.context.details?.payment.messages.length ?? -1, 2),
      // Whether a file is attached and uploaded; not the refusal shown (each has its own step, none changes what
      // can happen next), which would multiply the paths without reaching anything new.
      attachment: snapshot.context.attachment ? snapshot.context.attachment.mediaId !== null : null,
    }),
});
