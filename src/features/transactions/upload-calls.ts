import { fromPromise, type ActorSystem } from 'xstate';
import type { components } from '../../../openapi/schema';
import type { PaymentMessage, PaymentView } from '../../../machines/activity/payment-types';
import type { ClaimInput, UploadInput } from '../../../machines/upload-reply.machine';
import { sessionEndersOf, type ApiClient } from '../../api/client';
import { endSessionOn401, type SessionEnders } from '../../api/failure-middleware';
import { quiet } from '../../api/quiet';
import { toApiFailure, unwrap } from '../../api/unwrap';
import { i18n } from '../../i18n/i18n';
import { creationKeys } from '../../api/submission-keys';

/** The upload screen's machine registers under this id, so its upload can report progress to it. */
export const UPLOAD_REPLY_SYSTEM_ID = 'uploadReply';

type MediaEnvelope = components['schemas']['MediaEnvelope'];

/**
 * The operation `uploadMedia` (POST app/user/{userId}/media) by XMLHttpRequest: fetch cannot report how much of a
 * request body has gone (streamed uploads need HTTP/2), and the screen shows progress (spec 2). The path, query
 * and answer are those of the contract (`MediaEnvelope`, or a problem); the session cookie goes with it as with
 * every same-origin call. The file is the body itself, typed as the browser found it.
 */
function sendFile(
  userId: string,
  file: File,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
  session: SessionEnders,
): Promise<MediaEnvelope> {
  // A retry of the same File (the answer was lost) sends the same key: the server stores the upload once.
  return creationKeys.run('uploadMedia', file, (key) => sendFileOnce(userId, file, key, onProgress, signal, session));
}

function sendFileOnce(
  userId: string,
  file: File,
  idempotencyKey: string,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
  session: SessionEnders,
): Promise<MediaEnvelope> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const query = new URLSearchParams({ name: file.name.slice(0, 255), lang: i18n.resolvedLanguage ?? i18n.language });
    request.open('POST', `/api/app/user/${encodeURIComponent(userId)}/media?${query}`);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.setRequestHeader('Idempotency-Key', idempotencyKey);
    request.responseType = 'json';
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      if (request.status === 201 && request.response) return resolve(request.response as MediaEnvelope);
      const failure = toApiFailure(request.status, request.response);
      // A 401 ends the session like any other call's (the middleware's rule); the machine still hears the failure.
      endSessionOn401(session, request.status, failure.code);
      reject(failure);
    };
    request.onerror = () => reject(new Error('Failed to fetch'));
    request.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

const progressTo = (system: ActorSystem<any>) => (sent: number) => system.get(UPLOAD_REPLY_SYSTEM_ID)?.send({ type: 'PROGRESS', sent });

/** The upload screen's invoked actors in the browser; all quiet, the screen shows its failures itself. */
export function uploadCalls(client: ApiClient) {
  return {
    loadPayment: fromPromise<PaymentView, { userId: string; paymentId: string }>(async ({ input, signal }) => {
      const { data } = await unwrap(
        client.GET('/app/user/{userId}/payment', {
          params: { path: { userId: input.userId }, query: { paymentId: input.paymentId } },
          middleware: [quiet],
          signal,
        }),
      );
      const [payment] = data;
      if (!payment) throw new Error('a payment envelope without its payment');
      return payment;
    }),
    // The machine holds the File the input gave it; only the browser's File can be sent.
    uploadMedia: fromPromise<{ mediaId: string }, UploadInput>(async ({ input, signal, system }) => {
      const { media } = await sendFile(input.userId, input.file as File, progressTo(system), signal, sessionEndersOf(client));
      return { mediaId: media.id };
    }),
    // A message's attachment (the details page): the same upload, its progress not shown.
    uploadAttachment: fromPromise<{ mediaId: string }, UploadInput>(async ({ input, signal }) => {
      const { media } = await sendFile(input.userId, input.file as File, () => {}, signal, sessionEndersOf(client));
      return { mediaId: media.id };
    }),
    claimPayment: fromPromise<PaymentMessage, ClaimInput>(async ({ input, signal }) =>
      unwrap(
        client.POST('/app/user/{userId}/messages/', {
          params: { path: { userId: input.userId }, header: { 'Idempotency-Key': input.key } },
          body: { paymentId: input.paymentId, message: input.message, messageMediaId: input.mediaId },
          middleware: [quiet],
          signal,
        }),
      ),
    ),
  };
}
