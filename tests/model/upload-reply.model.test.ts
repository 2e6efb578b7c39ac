import { expect } from 'vitest';
import { ANA_ID, pricePointToMe } from '../../machines/activity/samples';
import { catalogue } from '../../machines/catalogue';
import type { ClaimInput, uploadReplyMachine } from '../../machines/upload-reply.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

interface Fakes {
  /** How many bytes uploads sent in this path: a claim retried must not upload again. */
  uploads: number;
  claims: ClaimInput[];
}
type Ctx = StepContext<typeof uploadReplyMachine, Fakes>;

// Expectations written out, never computed by the machine module (issue 24 item 9): the message keys of spec §5's
// 'The file is too large', a file required, and the promised kind (a photo in the samples).
const FILE_TOO_LARGE = { key: 'activity:upload.fileTooLarge' };
const FILE_REQUIRED = { key: 'activity:upload.fileRequired' };
const NOT_A_PHOTO = { key: 'activity:upload.wrongKind.photo' };
const GENERIC_ERROR = { key: 'errors:generic' };

function still({ running, scheduled }: Ctx) {
  expect(running).toEqual([]);
  expect(scheduled).toEqual([]);
}

describeModel('upload-reply machine (model-based)', {
  ...fromCatalogue(catalogue['upload-reply']),
  setup: () => ({ machine: catalogue['upload-reply'].fake(), fakes: { uploads: 0, claims: [] } }),
  states: {
    loading: ({ step, running, input }: Ctx) => {
      expect(['init', 'RETRY']).toContain(step);
      expect(running).toEqual([expect.objectContaining({ src: 'loadPayment', input: { userId: ANA_ID, paymentId: input.paymentId } })]);
    },
    loadFailed: (ctx: Ctx) => {
      still(ctx);
      expect(ctx.step).toBe('loadPayment:error[1]');
    },
    // No id, an unknown or foreign one: nothing of the payment is shown.
    notFound: (ctx: Ctx) => {
      still(ctx);
      expect(['init', 'loadPayment:error[0]']).toContain(ctx.step);
      expect(ctx.snapshot.context.payment).toBeNull();
    },
    // A payment that is not a reply due from this user (here: one already complete): no form.
    nothingToReply: (ctx: Ctx) => {
      still(ctx);
      expect(ctx.snapshot.context.payment?.status).toBe('complete');
      expect(ctx.snapshot.context.kind).toBeNull();
    },
    choosing: (ctx: Ctx) => {
      still(ctx);
      const { snapshot, step, event, actions } = ctx;
      const { file, problem, kind, mediaId } = snapshot.context;
      // The promised kind is the price point's (a photo in the samples).
      expect(kind).toBe('photo');
      if (step === 'loadPayment:done[0]') {
        expect([file, problem, mediaId]).toEqual([null, null, null]);
      } else if (step === 'CHOOSE_FILE[0]') {
        expect(file).toEqual(event.file);
        expect([problem, mediaId]).toEqual([null, null]);
      } else if (step === 'CHOOSE_FILE[1]' || step === 'uploadMedia:error[0]') {
        // Over 10 MB, here or by the server's count: 'The file is too large', and the file must be chosen again.
        expect([file, problem]).toEqual([null, FILE_TOO_LARGE]);
        expect(actions).toEqual(['focusProblem']);
      } else if (step === 'CHOOSE_FILE[2]' || step === 'uploadMedia:error[1]' || step === 'claimPayment:error[0]') {
        // A video for a photo (or bytes the server does not take): the promised kind is named.
        expect([file, problem, mediaId]).toEqual([null, NOT_A_PHOTO, null]);
        expect(actions).toEqual(['focusProblem']);
      } else if (step === 'SUBMIT') {
        expect([file, problem]).toEqual([null, FILE_REQUIRED]);
        expect(actions).toEqual(['focusProblem']);
      } else if (step === 'uploadMedia:error[2]') {
        // Offline during the upload: the generic message, the file kept for another try.
        expect(problem).toEqual(GENERIC_ERROR);
        expect(file).not.toBeNull();
        expect(mediaId).toBeNull();
      } else if (step === 'claimPayment:error[1]') {
        // The claim failed after the upload: the media is kept, so SUBMIT claims again without uploading.
        expect(problem).toEqual(GENERIC_ERROR);
        expect(mediaId).toBe('media-1.jpg');
        expect(snapshot.can({ type: 'SUBMIT' })).toBe(true);
      } else {
        expect(step).toBe('TYPE_CAPTION');
        expect(snapshot.context.caption).toBe('Here it is');
      }
    },
    uploading: ({ step, running, snapshot, fakes }: Ctx) => {
      const { file, sent } = snapshot.context;
      expect(running).toEqual([expect.objectContaining({ src: 'uploadMedia', input: { userId: ANA_ID, file } })]);
      if (step === 'SUBMIT') {
        expect(sent).toBe(0);
        fakes.uploads++;
      } else {
        // Progress counts up and never past the file's size (4 kB here, 1 kB sent).
        expect(step).toBe('PROGRESS');
        expect(sent).toBe(1_000);
      }
      expect(snapshot.context.mediaId).toBeNull();
    },
    claiming: ({ step, running, snapshot, fakes, input }: Ctx) => {
      const claim = running[0]?.input as ClaimInput;
      expect(running).toEqual([expect.objectContaining({ src: 'claimPayment' })]);
      expect(claim).toEqual({
        userId: ANA_ID,
        paymentId: pricePointToMe.payment_id,
        mediaId: 'media-1.jpg',
        message: snapshot.context.caption.trim(),
        key: input.claimKey,
      });
      if (step === 'uploadMedia:done') {
        expect(snapshot.context.sent).toBe(snapshot.context.file!.size);
      } else {
        // Claiming again after a failure: no second upload, the same Idempotency-Key.
        expect(step).toBe('SUBMIT');
        expect(fakes.claims.at(-1)).toEqual(claim);
      }
      expect(fakes.uploads).toBe(1);
      fakes.claims.push(claim);
    },
    claimed: (ctx: Ctx) => {
      still(ctx);
      expect(ctx.step).toBe('claimPayment:done');
      expect(ctx.snapshot.context.problem).toBeNull();
    },
  },
});
