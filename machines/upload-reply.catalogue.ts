import * as activity from './activity/samples';
import { apiFailure } from './forms/api-failure';
import { uploadReplyMachine } from './upload-reply.machine';
import { entry } from './catalogue-entry';
import { fileTooLarge, replyPhoto, resolves, unsupportedMedia, uploadedMedia } from './catalogue-samples';

const mediaMismatch = apiFailure(422, { code: 'media_type_mismatch', detail: 'This price point promises a photo: reply with one.' });

/** The flow atlas entry of `upload-reply` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: uploadReplyMachine,
  purpose: 'A creator replies to a price-point payment with the promised photo or video: the file checked (kind, size), uploaded with progress, then the claim — kept across a failed claim so the bytes go once.',
  views: ['src/features/transactions/upload-file-page.tsx'],
  operations: { loadPayment: ['getPayment'], uploadMedia: ['uploadMedia'], claimPayment: ['postPaymentMessage'] },
  tests: ['tests/unit/machines/upload-reply-view.test.ts', 'tests/e2e/price-point-reply.spec.ts', 'tests/e2e/reply-workspace.spec.ts', 'tests/api/uploads.test.ts'],
  fake: () =>
    uploadReplyMachine.provide({
      actors: {
        loadPayment: resolves(activity.pricePointToMe),
        uploadMedia: resolves(uploadedMedia),
        claimPayment: resolves(activity.sampleMessage),
      },
    }),
  inputs: {
    withId: { userId: activity.ANA_ID, paymentId: activity.pricePointToMe.payment_id, claimKey: 'claim-1' },
    withoutId: { userId: activity.ANA_ID, paymentId: null, claimKey: 'claim-2' },
  },
  events: {
    RETRY: { type: 'RETRY' },
    // The promised photo, a photo over 10 MB, and a video (not what was promised).
    CHOOSE_FILE: [
      { type: 'CHOOSE_FILE', file: replyPhoto },
      { type: 'CHOOSE_FILE', file: { name: 'huge.png', size: 10 * 1024 * 1024 + 1, type: 'image/png' } },
      { type: 'CHOOSE_FILE', file: { name: 'clip.mov', size: 2_000, type: '' } },
    ],
    TYPE_CAPTION: { type: 'TYPE_CAPTION', text: 'Here it is' },
    SUBMIT: { type: 'SUBMIT' },
    PROGRESS: { type: 'PROGRESS', sent: 1_000 },
  },
  invokeResults: {
    // The payment to reply to, and one already answered.
    loadPayment: { done: [activity.pricePointToMe, activity.completeSend], error: [activity.notFound, activity.offline] },
    uploadMedia: { done: [uploadedMedia], error: [fileTooLarge, unsupportedMedia, activity.offline] },
    claimPayment: { done: [activity.sampleMessage], error: [mediaMismatch, activity.offline] },
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      file: snapshot.context.file?.name ?? null,
      media: snapshot.context.mediaId !== null,
      caption: snapshot.context.caption !== '',
      sent: snapshot.context.sent > 0,
      problem: snapshot.context.problem,
    }),
});
