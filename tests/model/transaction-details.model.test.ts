import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { ANA_ID, myRequest, sampleMessage, trailOfMyRequest } from '../../machines/activity/samples';
import type { transactionDetailsMachine } from '../../machines/transaction-details.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

// The attachment messages, written out (issue 24 item 9): spec §5 'The file is too large', a kind the thread does not
// take, an upload that failed.
const ATTACHMENT_TOO_LARGE = { key: 'activity:upload.fileTooLarge' };
const ATTACHMENT_UNSUPPORTED = { key: 'activity:thread.attachUnsupported' };
const ATTACHMENT_FAILED = { key: 'activity:thread.attachFailed' };

type Ctx = StepContext<typeof transactionDetailsMachine, null>;

const load = { src: 'loadDetails', input: { userId: ANA_ID, paymentId: myRequest.payment_id } };

describeModel('transaction details machine (model-based)', {
  ...fromCatalogue(catalogue['transaction-details']),
  setup: () => ({ machine: catalogue['transaction-details'].fake(), fakes: null }),
  states: {
    loading: ({ running, step }: Ctx) => {
      expect(['init', 'RETRY']).toContain(step);
      // No live updates before the payment is shown.
      expect(running).toEqual([expect.objectContaining(load)]);
    },
    // Offline or a server fault: nothing shown yet, Retry loads again.
    failed: ({ snapshot, step }: Ctx) => {
      expect(step).toBe('loadDetails:error[2]');
      expect(snapshot.context.details).toBeNull();
    },
    // Unknown, malformed or foreign id, or none at all: one answer, and no way on.
    notFound: ({ snapshot, step, input }: Ctx) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.details).toBeNull();
      if (input.paymentId === null) expect(step).toBe('init');
      else expect(['loadDetails:error[0]', 'loadDetails:error[1]']).toContain(step);
    },
    'ready.thread.composing': ({ snapshot, step, event }: Ctx) => {
      const { details, draft, sendKey } = snapshot.context;
      expect(details?.trail).toEqual(trailOfMyRequest);
      if (step === 'postMessage:done') {
        // Posted: in the thread, the box empty, the key spent.
        expect(details?.payment.messages.at(-1)).toEqual(sampleMessage);
        expect([draft, sendKey]).toEqual(['', null]);
      }
      if (step === 'postMessage:error') {
        // Not posted: the text (or the uploaded attachment) stays, and its key with it, for a retry that cannot post twice.
        expect(draft.trim() !== '' || snapshot.context.attachment?.mediaId != null).toBe(true);
        expect(sendKey).toBe('key-1');
      }
      if (step.startsWith('TYPE_MESSAGE')) expect(draft).toBe((event as unknown as { text: string }).text);
      if (step === 'SEND_MESSAGE') {
        expect(draft.trim(), 'an empty message is not sent').toBe('');
        expect(snapshot.context.attachment?.mediaId ?? null, 'nor one without its uploaded media').toBeNull();
      }
      const { attachment, attachProblem } = snapshot.context;
      // Refused files are dropped with the reason; an uploaded one waits for SEND with its id.
      if (step === 'ATTACH_FILE[1]' || step === 'uploadMedia:error[1]') expect([attachment, attachProblem]).toEqual([null, ATTACHMENT_UNSUPPORTED]);
      if (step === 'ATTACH_FILE[2]' || step === 'uploadMedia:error[0]') expect([attachment, attachProblem]).toEqual([null, ATTACHMENT_TOO_LARGE]);
      if (step === 'uploadMedia:error[2]') expect([attachment, attachProblem]).toEqual([null, ATTACHMENT_FAILED]);
      if (step === 'uploadMedia:done') expect([attachment?.mediaId, attachProblem]).toEqual(['media-1.jpg', null]);
      if (step === 'REMOVE_ATTACHMENT') expect([attachment, attachProblem]).toEqual([null, null]);
      if (step === 'postMessage:done') expect(attachment).toBeNull();
    },
    'ready.thread.attaching': ({ snapshot, running, step }: Ctx) => {
      // Entered by choosing a good file; the payment region may move meanwhile (its own events).
      expect(
        ['ATTACH_FILE[0]', 'PAYMENT_CHANGED', 'RETRY', 'TYPE_MESSAGE[0]', 'TYPE_MESSAGE[1]', 'LIVE_PAYMENT[0]', 'LIVE_PAYMENT[1]', 'LIVE_RESET'].includes(step) ||
          step.startsWith('loadDetails:'),
      ).toBe(true);
      expect(running).toContainEqual(
        expect.objectContaining({ src: 'uploadMedia', input: { userId: ANA_ID, file: snapshot.context.attachment!.file } }),
      );
      expect(snapshot.context.attachment?.mediaId).toBeNull();
      expect(snapshot.context.sendKey, 'a new attachment is a new message').toBeNull();
    },
    'ready.thread.sending': ({ snapshot, running }: Ctx) => {
      expect(running).toContainEqual(
        expect.objectContaining({
          src: 'postMessage',
          input: {
            userId: ANA_ID,
            paymentId: myRequest.payment_id,
            message: snapshot.context.draft.trim(),
            key: 'key-1',
            // The uploaded attachment goes with it.
            ...(snapshot.context.attachment ? { mediaId: 'media-1.jpg' } : {}),
          },
        }),
      );
    },
    'ready.payment.current': ({ snapshot, running }: Ctx) => {
      expect(snapshot.context.details?.payment.payment_id).toBe(myRequest.payment_id);
      // Shown: the page follows the user's live updates (issue 23.4).
      expect(running).toContainEqual(expect.objectContaining({ src: 'liveUpdates', input: { userId: ANA_ID } }));
    },
    // Reloading after an action, a live change of this payment (never another one's) or a reset of the stream: the
    // last details stay on screen meanwhile.
    'ready.payment.refreshing': ({ snapshot, running, step }: Ctx) => {
      expect(step).not.toBe('LIVE_PAYMENT[1]');
      expect(running).toContainEqual(expect.objectContaining(load));
      expect(running).toContainEqual(expect.objectContaining({ src: 'liveUpdates', input: { userId: ANA_ID } }));
      expect(snapshot.context.details).not.toBeNull();
    },
  },
});
