import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { css } from '../../../styled-system/css';
import { ACCEPT } from '../../../domain/media-file';
import { uploadReplyMachine, type UploadReplyEvent } from '../../../machines/upload-reply.machine';
import { uploadReplyScreen, uploadReplyView, type UploadReplyScreen } from '../../../machines/payments/upload-reply.view';
import { FilePicker } from '../../ui/file-picker';
import { FilePreview } from '../../ui/file-preview';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { TRANSACTION_DETAILS_PATH, withQuery } from '../../config/paths';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { fieldBox, fieldError, fieldHint, fieldLabel } from '../../ui/form/form-styles';
import { MachineForm } from '../../ui/form/machine-form';
import { TextAreaField } from '../../ui/form/text-area-field';
import { errorId, hintId } from '../../ui/form/text-field';
import { useFormText } from '../../ui/form/use-form-text';
import { PageHeader } from '../../ui/page-header';
import { LoadFailedPanel, NotFoundPanel } from '../../ui/resource-panels';
import { card, mutedText, sectionTitle, textLink } from '../../ui/page-styles';
import { Spinner } from '../../ui/spinner';
import { cents } from '../../ui/activity/payment-display';
import { UPLOAD_REPLY_SYSTEM_ID, uploadCalls } from './upload-calls';

const FORM_ID = 'upload-reply-form';
const FILE_ID = 'reply-file';
const narrow = css({ maxW: 'xl' });
const brief = css({ m: 0, p: '3', borderLeftWidth: '4px', borderLeftColor: 'brand.600', bg: 'brand.50', borderRadius: 'md', overflowWrap: 'anywhere' });
const briefBox = css({ mt: '3', display: 'grid', gap: '1' });
const deadlineLine = css({ mt: '2', fontWeight: 'medium', color: 'brand.800' });
const release = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default' });
const progressBar = css({ w: 'full', h: '3' });
// WCAG 2.5.8: the link sits right under the form's button, so it gets a full 24 px target of its own.
const backLinkBox = css({ mt: '4', display: 'flex', minH: '6', alignItems: 'center' });

/**
 * /transactions/transaction-details/upload-file?id= (spec 2): renders the upload-reply machine. Its own lazy
 * chunk (router pages), so the upload code is fetched only when a creator opens it.
 */
export function UploadFilePage() {
  const { t } = useTranslation('activity');
  const api = useApi();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const [params] = useSearchParams();
  const paymentId = params.get('id');
  const logic = useMemo(() => {
    const calls = uploadCalls(api);
    return uploadReplyMachine.provide({
      actors: { loadPayment: calls.loadPayment, uploadMedia: calls.uploadMedia, claimPayment: calls.claimPayment },
      actions: { focusProblem: () => focusFirstError(FORM_ID) },
    });
  }, [api]);
  const input = useMemo(() => ({ userId, paymentId, claimKey: crypto.randomUUID() }), [userId, paymentId]);
  const [state, send] = useMachine(logic, { input, systemId: UPLOAD_REPLY_SYSTEM_ID, inspect: appInspect });
  const screen = uploadReplyScreen(state);
  const detailsHref = withQuery(TRANSACTION_DETAILS_PATH, { id: paymentId ?? '' });
  const backLink = (
    <p className={backLinkBox}>
      <Link href={detailsHref} className={textLink}>
        {t('upload.backToDetails')}
      </Link>
    </p>
  );

  let body;
  if (screen.stage === 'notFound') {
    body = <NotFoundPanel title={t('details.notFound')} body={t('details.notFoundBody')} />;
  } else if (screen.stage === 'loadFailed') {
    body = <LoadFailedPanel message={t('details.loadFailed')} retryLabel={t('details.retry')} onRetry={() => send({ type: 'RETRY' })} />;
  } else if (screen.stage === 'nothingToReply') {
    body = (
      <section className={card} aria-labelledby="nothing-title">
        <h2 id="nothing-title" className={sectionTitle}>
          {t('upload.nothingToReply')}
        </h2>
        {backLink}
      </section>
    );
  } else if (screen.stage === 'claimed') {
    body = (
      <section className={card} aria-labelledby="claimed-title">
        <h2 id="claimed-title" className={sectionTitle} tabIndex={-1}>
          {t('upload.claimed')}
        </h2>
        <p className={mutedText}>{t('upload.claimedBody')}</p>
        <p>
          <Link href={detailsHref} className={button({ variant: 'outline' })}>
            {t('upload.viewTransaction')}
          </Link>
        </p>
      </section>
    );
  } else if (screen.reply) {
    body = <ReplyForm reply={screen.reply} send={send} backLink={backLink} />;
  } else {
    body = <Spinner />;
  }
  return (
    <>
      <PageHeader title={t('upload.title')} lead={t('upload.lead')} />
      {body}
    </>
  );
}

/** The promised reply: the fan's brief and the deadline, the file (checked at once), a caption, then Send. */
function ReplyForm({ reply, send, backLink }: { reply: NonNullable<UploadReplyScreen['reply']>; send: (event: UploadReplyEvent) => void; backLink: ReactNode }) {
  const { t, i18n } = useTranslation('activity');
  const format = useFormat();
  const { payment, kind, file } = reply;
  // As of this render: the time left moves on with the next one (a progress event, a keystroke).
  const view = uploadReplyView({ payment, file, sent: reply.sent }, Date.now(), { lang: i18n.language });
  const { brief: fanBrief, deadline, percent } = view;
  return (
    <section className={`${card} ${narrow}`} aria-labelledby="reply-title">
      <h2 id="reply-title" className={sectionTitle}>
        {t('upload.promised', {
          name: payment.sender_username ?? t('someone'),
          amount: format.money(cents(payment.amount)),
          media: t(`details.media.${kind}`).toLowerCase(),
        })}
      </h2>
      {payment.description ? <p className={mutedText}>{payment.description}</p> : null}
      {deadline ? <p className={deadlineLine}>{t(deadline.key, deadline)}</p> : null}
      {fanBrief ? (
        <div className={briefBox}>
          <h3 id="reply-brief-title" className={fieldLabel}>
            {t('upload.briefTitle')}
          </h3>
          <blockquote className={brief}>
            {fanBrief}
          </blockquote>
        </div>
      ) : null}
      <MachineForm id={FORM_ID} message={reply.message} onSubmit={() => send({ type: 'SUBMIT' })}>
        <ReplyFileField reply={reply} send={send} />
        <TextAreaField
          id="reply-caption"
          label={t('upload.captionLabel')}
          value={reply.caption}
          maxLength={2000}
          disabled={!reply.editable}
          onValueChange={(text) => send({ type: 'TYPE_CAPTION', text })}
        />
        {reply.uploading ? (
          <div className={fieldBox}>
            <label htmlFor="reply-progress" className={fieldLabel}>
              {t('upload.uploading', { percent })}
            </label>
            <progress id="reply-progress" className={progressBar} max={file?.size ?? 1} value={reply.sent} />
          </div>
        ) : null}
        {reply.claiming ? <p role="status">{t('upload.claiming')}</p> : null}
        <p className={release}>{t('upload.releases', { amount: format.money(view.releaseCents) })}</p>
        <div>
          <button type="submit" className={button({ size: 'lg' })} disabled={!reply.send.enabled}>
            {t(reply.send.labelKey)}
          </button>
        </div>
      </MachineForm>
      {backLink}
    </section>
  );
}

/** The promised kind of file: picked or dropped, previewed, its problem (kind, size, none chosen) under it. */
function ReplyFileField({ reply, send }: { reply: NonNullable<UploadReplyScreen['reply']>; send: (event: UploadReplyEvent) => void }) {
  const { t } = useTranslation('activity');
  const formText = useFormText();
  const { kind, file } = reply;
  const fileProblem = reply.fileProblem ? formText(reply.fileProblem) : null;
  const describedBy = [fileProblem ? errorId(FILE_ID) : null, hintId(FILE_ID)].filter(Boolean).join(' ');
  return (
    <div className={fieldBox}>
      <label htmlFor={FILE_ID} className={fieldLabel}>
        {t(`upload.fileLabel.${kind}`)}
      </label>
      <FilePicker
        id={FILE_ID}
        label={t(`upload.choose.${kind}`)}
        dropHint={t('upload.dropHere')}
        accept={ACCEPT[kind]}
        disabled={!reply.editable}
        invalid={fileProblem !== null}
        describedBy={describedBy}
        onFile={(chosen) => send({ type: 'CHOOSE_FILE', file: chosen })}
      >
        {file instanceof Blob ? <FilePreview file={file} kind={kind} label={t(kind === 'photo' ? 'upload.previewPhoto' : 'upload.previewVideo')} /> : null}
      </FilePicker>
      {fileProblem ? (
        <p id={errorId(FILE_ID)} className={fieldError}>
          {fileProblem}
        </p>
      ) : null}
      <p id={hintId(FILE_ID)} className={fieldHint}>
        {file ? t('upload.chosen', { name: file.name }) : t(`upload.fileHint.${kind}`)}
      </p>
    </div>
  );
}
