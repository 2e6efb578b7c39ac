import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { PHOTO_MAX_BYTES } from '../../../../domain/limits';
import * as activity from '../../../../machines/activity/samples';
import { fileTooLarge, replyPhoto, unsupportedMedia, uploadedMedia } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/transaction-details.catalogue';
import type { TransactionDetailsContext } from '../../../../machines/transaction-details.machine';
import { messageComposer } from '../../../../machines/transaction-details.view';
import { createAccount, fmt, mainHeading, text } from '../../support/app';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { holdEventStream, type HeldStream } from '../live-stream';
import { anotherPerson, closeEarlierPeople, type Person, personOf, requestMoney } from '../people';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * A payment's details, /transactions/transaction-details?id= (machines/transaction-details.machine.ts, its view-model
 * machines/transaction-details.view.ts), driven as a person: a fresh signed-in account asked for money by another
 * person (through the API) per path, the page opened on that request. Files are chosen in the page's file input:
 * a real photo, one over the photo limit (refused before any upload), bytes that are no photo under a photo's name,
 * and a photo's bytes over the photo limit under a video's name (both refused by the server, which reads the bytes).
 * The other person writes on the payment for LIVE_PAYMENT; LIVE_RESET is the stream cut (live-stream.ts). Only 503s
 * and the stream's drop are forced.
 */
interface DetailsWorld {
  me: Person;
  other: Person;
  paymentId: string;
  stream: HeldStream | null;
  /** What the next file the machine takes to upload really is: the outcome its upload must have arranges it. */
  upload: 'photo' | 'notMedia' | 'photoAsVideo';
}

type Run = PathRun<DetailsWorld>;

const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'activity', key), values);
const unavailable = UNAVAILABLE_FAILURE;
const PAYMENT_CALL = /\/api\/app\/user\/[^/?]+\/payment(\?.*)?$/;

const MESSAGE = 'Thanks!';
const PHOTO = 'public/video/tipjar-tour-poster.jpg';
/** A file the machine refuses by its size before any upload (the catalogue's photo sample is one it uploads). */
const TOO_LARGE_PHOTO = { name: 'huge.jpg', size: PHOTO_MAX_BYTES + 1, type: 'image/jpeg' };

/** A JPEG's first bytes, then padding: a photo to the server (server/media/sniff.ts), of `size` bytes. */
const jpegBytes = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4)]);

const thread = (page: Page) => page.getByRole('region', { name: a('thread.title') });
const attachInput = (page: Page) => thread(page).getByLabel(a('thread.attachLabel'));
const messageBox = (page: Page) => thread(page).getByLabel(a('thread.label'), { exact: true });
const sendButton = (page: Page, labelKey: string) => thread(page).getByRole('button', { name: a(labelKey), exact: true });
const removeButton = (page: Page) => thread(page).getByRole('button', { name: a('thread.removeAttachment'), exact: true });

export const transactionDetailsDriver: Driver<DetailsWorld> = {
  name: 'transaction-details',
  machine: catalogue.fake(),
  input: catalogue.inputs!.withId,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context, browser }) {
    await closeEarlierPeople();
    const me = personOf(context, await createAccount(context, { setUp: { fullName: 'Ana Souza' } }));
    const other = await anotherPerson(browser, 'Bo Lindqvist');
    return { me, other, paymentId: await requestMoney(other, me, '6.00', 'Your share of the pizza'), stream: null, upload: 'photo' };
  },

  async open(run) {
    run.world.stream = await holdEventStream(run.page);
    await run.page.goto(`/transactions/transaction-details?id=${run.world.paymentId}`);
    await expect(mainHeading(run.page)).toHaveText(a('details.title'));
  },

  events: {
    RETRY: { perform: async ({ page }) => page.getByRole('button', { name: a('details.retry'), exact: true }).click() },
    TYPE_MESSAGE: { samples: [{ text: MESSAGE }], perform: async ({ page }, { text: typed }) => messageBox(page).fill(String(typed)) },
    SEND_MESSAGE: { samples: [{ key: 'key-1' }], perform: async ({ page }) => sendButton(page, 'thread.send').click() },
    ATTACH_FILE: {
      // A file the machine uploads (which one: the upload's outcome says), and one over the photo limit.
      samples: [{ file: replyPhoto }, { file: TOO_LARGE_PHOTO }],
      async perform({ page, world }, { file }) {
        const input = attachInput(page);
        if ((file as typeof replyPhoto).name !== replyPhoto.name) return input.setInputFiles({ name: TOO_LARGE_PHOTO.name, mimeType: TOO_LARGE_PHOTO.type, buffer: jpegBytes(TOO_LARGE_PHOTO.size) });
        const chosen = world.upload;
        world.upload = 'photo';
        if (chosen === 'photo') return input.setInputFiles({ name: replyPhoto.name, mimeType: replyPhoto.type, buffer: readFileSync(PHOTO) });
        // A photo's name and type, bytes that are none.
        if (chosen === 'notMedia') return input.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('hello, not a photo') });
        // A video's name and type (under the video limit), a photo's bytes over the photo limit.
        return input.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: jpegBytes(PHOTO_MAX_BYTES + 1) });
      },
    },
    REMOVE_ATTACHMENT: {
      // Remove is on screen with an uploaded file only.
      possible: (before) => (before.context as TransactionDetailsContext).attachment?.mediaId != null,
      perform: async ({ page }) => removeButton(page).click(),
    },
    LIVE_PAYMENT: {
      // The other person writes on this payment: the server's `message` event for it.
      samples: [{ paymentId: activity.myRequest.payment_id, status: 'message' }],
      async perform({ world }) {
        await world.stream!.connect();
        const posted = await world.other.context.request.post(`/api/app/user/${world.other.id}/messages/`, {
          headers: { 'idempotency-key': randomUUID() },
          data: { paymentId: world.paymentId, message: 'Did you see it?' },
        });
        expect(posted.status(), await posted.text()).toBe(201);
      },
    },
    LIVE_RESET: { perform: async ({ world }) => world.stream!.drop() },
  },

  outcomes: {
    loadDetails: {
      done: [{ name: 'the payment asked of the user', value: { payment: activity.myRequest, trail: activity.trailOfMyRequest } }],
      error: [
        {
          name: 'the server is unavailable',
          value: unavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', PAYMENT_CALL),
          logs: 503,
        },
      ],
    },
    uploadMedia: {
      done: [{ name: 'the photo is stored', value: uploadedMedia }],
      error: [
        // Chosen as a video (under the video limit), the bytes are a photo over the photo limit: 413.
        {
          name: 'the bytes are a photo over the photo limit',
          value: fileTooLarge,
          arrange: async ({ world }) => void (world.upload = 'photoAsVideo'),
          logs: 413,
        },
        // Chosen as a photo, the bytes are no photo or video: 415.
        { name: 'the bytes are no photo or video', value: unsupportedMedia, arrange: async ({ world }) => void (world.upload = 'notMedia'), logs: 415 },
        {
          name: 'the server is unavailable',
          value: unavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'POST', /\/api\/app\/user\/[^/?]+\/media(\?.*)?$/),
          logs: 503,
        },
      ],
    },
    postMessage: {
      done: [{ name: 'the message is posted', value: activity.sampleMessage }],
      error: [
        {
          name: 'the server is unavailable',
          value: unavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'POST', /\/api\/app\/user\/[^/?]+\/messages\/(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {
    'checking always#1':
      'the address without ?id= (input withoutId): a driver starts from one input, this one’s has an id; activity.spec.ts “an unknown, malformed or other people’s id” opens the page without one',
  },

  async screen({ page }, snapshot) {
    const state = `transaction-details in ${JSON.stringify(snapshot.value)}`;
    if (snapshot.matches('failed')) {
      await expect(page.getByRole('alert').filter({ hasText: a('details.loadFailed') }), `${state}: "${a('details.loadFailed')}"`).toBeVisible();
      await expectButton(page.getByRole('button', { name: a('details.retry'), exact: true }), true, `${state}: "${a('details.retry')}"`);
      return;
    }
    if (snapshot.matches('notFound')) {
      await expect(page.getByRole('heading', { name: a('details.notFound') }), `${state}: "${a('details.notFound')}"`).toBeVisible();
      return;
    }
    const view = messageComposer(snapshot);
    const { attachProblem }: TransactionDetailsContext = snapshot.context;
    await expect(page.getByRole('region', { name: a('details.summary') }), `${state}: the summary`).toBeVisible();
    await expect(messageBox(page), `${state}: the message box holds the draft`).toHaveValue(view.draft);
    await expectButton(sendButton(page, view.send.labelKey), view.send.enabled, `${state}: view.send "${a(view.send.labelKey)}"`);
    await expectFieldError(attachInput(page), attachProblem !== null, `${state}: the file input`);
    if (attachProblem && 'key' in attachProblem) {
      const [ns, key] = attachProblem.key.split(':') as ['activity', string];
      await expect(thread(page).getByText(text('en', ns, key), { exact: true }), `${state}: view.attachProblem`).toBeVisible();
    }
    if (view.attached !== null) {
      await expect(thread(page).getByRole('status').filter({ hasText: a('thread.attached', { name: view.attached }) }), `${state}: view.attached`).toBeVisible();
      await expectButton(removeButton(page), true, `${state}: "${a('thread.removeAttachment')}"`);
    } else {
      await expectAbsent(removeButton(page), `${state}: "${a('thread.removeAttachment')}"`);
    }
  },
};
