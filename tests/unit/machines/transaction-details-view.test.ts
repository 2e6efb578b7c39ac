import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { transactionDetailsMachine } from '../../../machines/transaction-details.machine';
import { messageComposer } from '../../../machines/transaction-details.view';
import * as activity from '../../../machines/activity/samples';
import { gate, settle } from '../../support/gate';

async function started(upload: Promise<{ mediaId: string }>, post: Promise<typeof activity.sampleMessage>) {
  const actor = createActor(
    transactionDetailsMachine.provide({
      actors: {
        loadDetails: fromPromise(async () => ({ payment: activity.myRequest, trail: activity.trailOfMyRequest })),
        postMessage: fromPromise(() => post),
        uploadMedia: fromPromise(() => upload),
      },
    }),
    { input: { userId: activity.ANA_ID, paymentId: activity.myRequest.payment_id } },
  ).start();
  await settle();
  return actor;
}

describe('the message box as the transaction-details machine shows it (issue 24 item 6)', () => {
  it('Send waits for something to send, and for the message on its way', async () => {
    const post = gate<typeof activity.sampleMessage>();
    const actor = await started(new Promise(() => {}), post.promise);
    const composer = () => messageComposer(actor.getSnapshot());
    expect(composer()).toEqual({
      draft: '',
      canAttach: true,
      attaching: false,
      chosen: null,
      attached: null,
      attachProblem: null,
      send: { enabled: false, labelKey: 'thread.send' },
    });
    actor.send({ type: 'TYPE_MESSAGE', text: '   ' });
    expect(composer().send).toEqual({ enabled: false, labelKey: 'thread.send' });
    actor.send({ type: 'TYPE_MESSAGE', text: 'Thanks!' });
    expect(composer().send).toEqual({ enabled: true, labelKey: 'thread.send' });

    actor.send({ type: 'SEND_MESSAGE', key: 'key-1' });
    expect(composer()).toMatchObject({ draft: 'Thanks!', canAttach: false, send: { enabled: false, labelKey: 'thread.sending' } });
    post.open(activity.sampleMessage);
    await settle();
    expect(composer()).toMatchObject({ draft: '', canAttach: true, send: { enabled: false, labelKey: 'thread.send' } });
  });

  it('a file alone is enough to send once uploaded; nothing can be sent or attached during its upload', async () => {
    const upload = gate<{ mediaId: string }>();
    const actor = await started(upload.promise, new Promise(() => {}));
    const composer = () => messageComposer(actor.getSnapshot());
    actor.send({ type: 'ATTACH_FILE', file: { name: 'dog.jpg', size: 4_096, type: 'image/jpeg' } });
    expect(composer()).toMatchObject({
      canAttach: false,
      attaching: true,
      chosen: 'dog.jpg',
      attached: null,
      send: { enabled: false, labelKey: 'thread.send' },
    });
    upload.open({ mediaId: 'media-1.jpg' });
    await settle();
    expect(composer()).toMatchObject({
      canAttach: true,
      attaching: false,
      chosen: 'dog.jpg',
      attached: 'dog.jpg',
      send: { enabled: true, labelKey: 'thread.send' },
    });
  });

  it('a refused file says why and leaves nothing attached', async () => {
    const actor = await started(new Promise(() => {}), new Promise(() => {}));
    actor.send({ type: 'ATTACH_FILE', file: { name: 'notes.txt', size: 10, type: 'text/plain' } });
    expect(messageComposer(actor.getSnapshot())).toMatchObject({
      chosen: null,
      attached: null,
      attachProblem: { key: 'activity:thread.attachUnsupported' },
      send: { enabled: false },
    });
  });
});
