import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import * as activity from '../../../../machines/activity/samples';
import { apiFailure } from '../../../../machines/forms/api-failure';
import { fileTooLarge, unsupportedMedia, uploadedMedia } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/upload-reply.catalogue';
import { uploadReplyScreen } from '../../../../machines/payments/upload-reply.view';
import type { ChosenFile } from '../../../../domain/media-file';
import { PHOTO_MAX_BYTES } from '../../../../domain/limits';
import { createAccount, fmt, mainHeading, text, uniqueUsername } from '../../support/app';
import { offerPricePoint } from '../../support/creators';
import { addCard, payer } from '../../support/payments';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Reply with media, /transactions/transaction-details/upload-file?id= (machines/upload-reply.machine.ts, its
 * view-model machines/payments/upload-reply.view.ts), driven as the creator: a fresh creator per path offering a $5
 * video, bought by a fan (a second account, by the sandbox card) through the API. The server's refusals come from the
 * bytes of the file the path chooses — each named for what it really is, all typed video/mp4 so the browser's first
 * check passes them: the repository's MP4, bytes that are no media at all (415), a JPEG (stored as a photo, then
 * refused by the claim for a video: 422) and a JPEG over the photo limit (413). An unknown payment id is a real 404;
 * only the 503s are forced (page.route).
 */
interface UploadWorld {
  creatorId: string;
  pricePointId: string;
  /** The payment the screen opens: the fan's purchase, or an id that is no payment. */
  paymentId: string;
  /** The fan's username. */
  fan: string;
}

type Run = PathRun<UploadWorld>;

/** A fan (another account, in its own context) buys the creator's video with the sandbox card, through the API. */
async function fanBuysTheVideo({ browser, world }: Run): Promise<void> {
  const fanContext = await browser.newContext();
  try {
    const fan = await payer(fanContext, 'Fiona Fan');
    const cardId = await addCard(fanContext, fan.user.userId);
    const bought = await fanContext.request.post(`/api/app/user/${fan.user.userId}/payment/send/`, {
      headers: { 'idempotency-key': randomUUID() },
      data: { receiverUserId: world.creatorId, amount: '5.00', paymentMethodId: cardId, pricePointId: world.pricePointId },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    world.paymentId = ((await bought.json()) as { data: { payment_id: string }[] }).data[0]!.payment_id;
    world.fan = fan.username;
  } finally {
    await fanContext.close();
  }
}

const act = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'activity', key), values);

/** The files the path can choose, as the machine sees them (name, size, type); the bytes are below. */
const MP4 = readFileSync(new URL('../../../../public/video/tipjar-tour.mp4', import.meta.url));
const JPEG = readFileSync(new URL('../../../../public/video/tipjar-tour-poster.jpg', import.meta.url));
const GOOD: ChosenFile = { name: 'hello.mp4', size: MP4.length, type: 'video/mp4' };
const NOT_MEDIA: ChosenFile = { name: 'not-a-video.mp4', size: 4_096, type: 'video/mp4' };
const PHOTO_AS_VIDEO: ChosenFile = { name: 'photo-named-mp4.mp4', size: JPEG.length, type: 'video/mp4' };
const BIG_PHOTO_AS_VIDEO: ChosenFile = { name: 'big-photo-named-mp4.mp4', size: PHOTO_MAX_BYTES + 1, type: 'video/mp4' };
const BYTES: Record<string, Buffer> = {
  [GOOD.name]: MP4,
  [NOT_MEDIA.name]: Buffer.alloc(NOT_MEDIA.size, 7),
  [PHOTO_AS_VIDEO.name]: JPEG,
  // A JPEG's signature, then zeros: the server takes it for a photo and stops at the photo limit.
  [BIG_PHOTO_AS_VIDEO.name]: Buffer.concat([JPEG.subarray(0, 16), Buffer.alloc(BIG_PHOTO_AS_VIDEO.size - 16)]),
};
/** The file the path chose, while its upload or claim runs. */
const chosenIs = (file: ChosenFile) => (during: AnyMachineSnapshot) => during.context.file?.name === file.name;

/** The fan's video purchase, as the server lists it to the creator. */
const boughtVideo = { ...activity.pricePointToMe, media_type: 'video' as const };
const serviceUnavailable = UNAVAILABLE_FAILURE;

const fileField = (page: Page) => page.getByLabel(act('upload.fileLabel.video'), { exact: true });
const sendButton = (page: Page, key: string) => page.getByRole('main').getByRole('button', { name: act(key), exact: true });

export const uploadReplyDriver: Driver<UploadWorld> = {
  name: 'upload-reply',
  machine: catalogue.fake(),
  input: catalogue.inputs!.withId,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    const creator = await createAccount(context, { setUp: { fullName: 'Mia Costa', username: uniqueUsername('mia') } });
    const pricePointId = await offerPricePoint(context, creator.user.userId, { price: '5', description: 'A video hello', media_type: 'video' });
    return { creatorId: creator.user.userId, pricePointId, paymentId: '', fan: '' };
  },

  async open({ page, world }) {
    await page.goto(`/transactions/transaction-details/upload-file?id=${world.paymentId}`);
    await expect(mainHeading(page)).toHaveText(act('upload.title'));
  },

  events: {
    RETRY: { perform: async ({ page }) => page.getByRole('button', { name: act('details.retry'), exact: true }).click() },
    CHOOSE_FILE: {
      samples: [{ file: GOOD }, { file: NOT_MEDIA }, { file: PHOTO_AS_VIDEO }, { file: BIG_PHOTO_AS_VIDEO }],
      async perform({ page }, { file }) {
        const { name, type } = file as ChosenFile;
        await fileField(page).setInputFiles({ name, mimeType: type, buffer: BYTES[name]! });
      },
    },
    SUBMIT: { perform: async ({ page }) => sendButton(page, 'upload.send').click() },
  },

  outcomes: {
    loadPayment: {
      done: [{ name: 'the fan bought the creator’s video', value: boughtVideo, arrange: fanBuysTheVideo }],
      error: [
        {
          name: 'the id is no payment of the user’s',
          value: activity.notFound,
          arrange: async ({ world }) => {
            world.paymentId = randomUUID();
          },
          logs: 404,
        },
        {
          name: 'the server is unavailable',
          value: serviceUnavailable,
          // Bought, so the read after "Try again" finds it.
          async arrange(run) {
            await fanBuysTheVideo(run);
            await forceServerProblem(run.page, 'GET', /\/api\/app\/user\/[^/?]+\/payment(\?.*)?$/);
          },
          logs: 503,
        },
      ],
    },
    uploadMedia: {
      done: [
        { name: 'the server stores the video', value: uploadedMedia, possible: chosenIs(GOOD) },
        { name: 'the server stores the bytes, a JPEG, as a photo', value: uploadedMedia, possible: chosenIs(PHOTO_AS_VIDEO) },
      ],
      error: [
        { name: 'the bytes are a photo over the photo limit', value: fileTooLarge, possible: chosenIs(BIG_PHOTO_AS_VIDEO), logs: 413 },
        { name: 'the bytes are no photo or video', value: unsupportedMedia, possible: chosenIs(NOT_MEDIA), logs: 415 },
      ],
    },
    claimPayment: {
      done: [{ name: 'the reply claims the payment', value: activity.sampleMessage, possible: chosenIs(GOOD) }],
      error: [
        {
          name: 'the upload is a photo, the price point a video',
          value: apiFailure(422, { code: 'media_type_mismatch', detail: 'This price point promises a video: reply with one.' }),
          possible: chosenIs(PHOTO_AS_VIDEO),
          logs: 422,
        },
        {
          name: 'the server is unavailable',
          value: serviceUnavailable,
          possible: chosenIs(GOOD),
          arrange: async ({ page }) => forceServerProblem(page, 'POST', /\/api\/app\/user\/[^/?]+\/messages\/?(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},
  // The upload's progress, reported by the browser while the file goes.
  background: ['PROGRESS'],

  async screen({ page, world }, snapshot) {
    const view = uploadReplyScreen(snapshot);
    const state = `upload-reply in ${JSON.stringify(snapshot.value)} (stage ${view.stage})`;
    const main = page.getByRole('main');
    switch (view.stage) {
      case 'notFound':
        await expect(main.getByRole('heading', { name: act('details.notFound') }), `${state}: the heading`).toBeVisible();
        await expectAbsent(fileField(page), `${state}: the file field`);
        return;
      case 'loadFailed':
        await expect(main.getByRole('alert').filter({ hasText: act('details.loadFailed') }), `${state}: the failure`).toBeVisible();
        await expectButton(main.getByRole('button', { name: act('details.retry'), exact: true }), true, `${state}: "${act('details.retry')}"`);
        return;
      case 'nothingToReply':
        await expect(main.getByRole('heading', { name: act('upload.nothingToReply') }), `${state}: the heading`).toBeVisible();
        return;
      case 'claimed':
        await expect(main.getByRole('heading', { name: act('upload.claimed') }), `${state}: the heading`).toBeVisible();
        return;
      case 'loading':
        return;
    }
    const reply = view.reply!;
    await expect(
      main.getByRole('heading', { name: act('upload.promised', { name: world.fan, amount: '$5.00', media: 'video' }) }),
      `${state}: what was bought`,
    ).toBeVisible();
    await expect(fileField(page), `${state}: the file field`).toBeAttached();
    await expectFieldError(fileField(page), reply.fileProblem !== null, `${state}: the file field`);
    if (reply.fileProblem && 'key' in reply.fileProblem) {
      await expect(main.getByText(act(reply.fileProblem.key.replace('activity:', ''))), `${state}: the file's problem`).toBeVisible();
    }
    // The form's message (FormAlert): the only alert on the reply form.
    const alert = main.getByRole('alert');
    if (reply.message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    if (reply.file) await expect(main.getByText(act('upload.chosen', { name: reply.file.name })), `${state}: the file chosen`).toBeVisible();
    await expectButton(sendButton(page, reply.send.labelKey), reply.send.enabled, `${state}: view.send "${act(reply.send.labelKey)}"`);
  },
};
