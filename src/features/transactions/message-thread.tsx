import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { ACCEPT } from '../../../domain/media-file';
import type { MessageComposer } from '../../../machines/transaction-details.view';
import { useFormat } from '../../lib/use-format';
import { fieldError, fieldHint } from '../../ui/form/form-styles';
import { useFormText } from '../../ui/form/use-form-text';
import { button } from '../../ui/button-styles';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { FilePicker } from '../../ui/file-picker';
import { MediaAttachment } from './media-attachment';
import { counterparty } from '../../ui/activity/payment-display';

// minmax(0, 1fr) columns: the browser's file picker and the textarea have intrinsic widths that made an auto column
// wider than a 375 px phone (issue 22).
const thread = css({ mt: '4', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '3', listStyle: 'none', p: 0 });
const bubble = css({ p: '3', borderRadius: 'xl', bg: 'gray.100', maxW: 'md', overflowWrap: 'anywhere' });
const mine = css({ bg: 'brand.50', justifySelf: 'end' });
const meta = css({ fontSize: 'xs', color: 'fg.muted', mb: '1' });
const form = css({ mt: '4', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '2' });
const textarea = css({
  w: 'full',
  minH: '20',
  p: '3',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'fg.default',
});
const label = css({ fontWeight: 'semibold', fontSize: 'sm' });
const attachedRow = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });

export interface MessageThreadProps {
  userId: string;
  payment: PaymentView;
  /** What the message box holds and may do (machines/transaction-details.view.ts). */
  composer: MessageComposer;
  onAttach: (file: File) => void;
  onRemoveAttachment: () => void;
  onType: (text: string) => void;
  onSend: () => void;
}

const ATTACH_ID = 'thread-attachment';
const ACCEPT_ANY = `${ACCEPT.photo},${ACCEPT.video}`;

/** The payment's messages, oldest first, and a box to write to the other party. */
export function MessageThread(props: MessageThreadProps) {
  const { userId, payment, ...box } = props;
  const { t } = useTranslation('activity');
  return (
    <section className={card} aria-labelledby="thread-title">
      <h2 id="thread-title" className={sectionTitle}>
        {t('thread.title')}
      </h2>
      <Messages userId={userId} payment={payment} />
      <Composer {...box} />
    </section>
  );
}

/** The thread itself: each message with who sent it and when, and its photo or video. */
function Messages({ userId, payment }: Pick<MessageThreadProps, 'userId' | 'payment'>) {
  const { t } = useTranslation('activity');
  const format = useFormat();
  const other = counterparty(payment).username ?? t('someone');
  return payment.messages.length === 0 ? (
    <p className={mutedText}>{t('thread.empty')}</p>
  ) : (
    <ol className={thread} aria-labelledby="thread-title">
      {payment.messages.map((m) => {
        const fromMe = m.message_sender_user_id === userId;
        return (
          <li key={m.message_id} className={`${bubble} ${fromMe ? mine : ''}`}>
            <p className={meta}>
              {fromMe ? t('thread.you') : `@${other}`} · {format.date(m.created_at, 'dateTime')}
            </p>
            {m.message ? <p>{m.message}</p> : null}
            {m.message_media_id ? (
              <MediaAttachment
                userId={userId}
                mediaId={m.message_media_id}
                // A claim's media is the price point's kind; any other attachment's kind is found by trying.
                kind={m.payment_triggered ? payment.media_type : null}
                from={fromMe ? t('thread.you') : `@${other}`}
              />
            ) : null}
            {m.payment_triggered && m.message_media_id ? <p className={meta}>{t('thread.claim')}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The box to write in: the text, a file to attach (uploaded when chosen), and Send — each as the machine allows. */
function Composer({ composer, onAttach, onRemoveAttachment, onType, onSend }: Omit<MessageThreadProps, 'userId' | 'payment'>) {
  const { t } = useTranslation('activity');
  const formText = useFormText();
  const problem = formText(composer.attachProblem);
  return (
    <form
      className={form}
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <label htmlFor="thread-message" className={label}>
        {t('thread.label')}
      </label>
      <textarea
        id="thread-message"
        className={textarea}
        value={composer.draft}
        maxLength={2000}
        onChange={(event) => onType(event.target.value)}
      />
      <label htmlFor={ATTACH_ID} className={label}>
        {t('thread.attachLabel')}
      </label>
      <FilePicker
        id={ATTACH_ID}
        // A refused or removed file leaves the input empty again (a fresh input), so it never shows as chosen.
        resetKey={composer.chosen ?? 'none'}
        label={t('thread.chooseFile')}
        dropHint={t('upload.dropHere')}
        accept={ACCEPT_ANY}
        disabled={!composer.canAttach}
        invalid={Boolean(problem)}
        describedBy={problem ? `${ATTACH_ID}-error ${ATTACH_ID}-hint` : `${ATTACH_ID}-hint`}
        onFile={onAttach}
      />
      {problem ? (
        <p id={`${ATTACH_ID}-error`} className={fieldError}>
          {problem}
        </p>
      ) : null}
      <p id={`${ATTACH_ID}-hint`} className={fieldHint}>
        {t('thread.attachHint')}
      </p>
      {composer.attaching ? <p role="status">{t('thread.attaching')}</p> : null}
      {composer.attached !== null ? (
        <p className={attachedRow}>
          <span role="status">{t('thread.attached', { name: composer.attached })}</span>
          <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={onRemoveAttachment}>
            {t('thread.removeAttachment')}
          </button>
        </p>
      ) : null}
      <button type="submit" className={button({ size: 'md' })} disabled={!composer.send.enabled}>
        {t(composer.send.labelKey)}
      </button>
    </form>
  );
}
