import type { SnapshotFrom } from 'xstate';
import type { ChosenFile, MediaKind } from '../../domain/media-file';
import type { PaymentView } from '../activity/payment-types';
import type { FormMessage } from '../forms/field-errors';
import { isFileProblem, type UploadReplyContext, type uploadReplyMachine } from '../upload-reply.machine';
import { formatDeadline, formatTimeLeft, type HoldOptions } from './hold.view';
import { briefOf, releaseCents } from './open-orders.view';

/**
 * The reply screen (issue 23 item 3) as the creator reads it, at `now`: worked out here so the page only renders it.
 * Pure and Intl-only like hold.view.ts; the words around the values are `activity:upload.*` keys.
 */
export interface UploadReplyView {
  /** The fan's brief ("My dog Biscuit, a corgi"); null without one. */
  brief: string | null;
  /**
   * The deadline line: "Reply by Sat 28 Nov, 14:05 · 2 days left", or, once the time is up and the refund job has not
   * run yet, "The deadline passed on …". Null for a payment without a hold.
   */
  deadline: { key: 'upload.deadline'; deadline: string; left: string } | { key: 'upload.deadlinePassed'; deadline: string } | null;
  /** Whole per cent of the file sent (0 before the upload starts, and for an empty file). */
  percent: number;
  /** The amount credited to the creator when the reply is sent. */
  releaseCents: number;
}

type ViewContext = Pick<UploadReplyContext, 'file' | 'sent'> & { payment: NonNullable<UploadReplyContext['payment']> };

export function uploadReplyView(context: ViewContext, now: number, options: HoldOptions): UploadReplyView {
  const { payment, file, sent } = context;
  const ends = payment.hold_expires_at;
  let deadline: UploadReplyView['deadline'] = null;
  if (ends) {
    const at = formatDeadline(ends, options);
    const left = formatTimeLeft(new Date(ends).getTime() - now, options.lang);
    deadline = left ? { key: 'upload.deadline', deadline: at, left } : { key: 'upload.deadlinePassed', deadline: at };
  }
  return {
    brief: briefOf(payment),
    deadline,
    percent: file && file.size > 0 ? Math.min(100, Math.round((sent / file.size) * 100)) : 0,
    releaseCents: releaseCents(payment),
  };
}

type UploadReplySnapshot = Pick<SnapshotFrom<typeof uploadReplyMachine>, 'matches' | 'can' | 'context'>;

/**
 * Which part of the reply screen shows and what it allows, as the upload-reply machine says (issue 24 item 6): the
 * file picker and the caption take a change, and Send may be pressed, when the machine would take it (not while the
 * file goes up or the claim is made); the progress while uploading, "Sending the reply…" while claiming. A problem
 * with the file shows under its field, any other above the button.
 */
export interface UploadReplyScreen {
  stage: 'loading' | 'notFound' | 'loadFailed' | 'nothingToReply' | 'claimed' | 'reply';
  reply: {
    payment: PaymentView;
    /** What the price point promised. */
    kind: MediaKind;
    file: ChosenFile | null;
    caption: string;
    /** Bytes of the file sent so far. */
    sent: number;
    fileProblem: FormMessage | null;
    message: FormMessage | null;
    editable: boolean;
    /** The upload's progress bar is shown. */
    uploading: boolean;
    /** "Sending the reply…": the file is up, the claim is on its way. */
    claiming: boolean;
    send: { enabled: boolean; labelKey: 'upload.send' | 'upload.sending' };
  } | null;
}

const FINISHED = ['notFound', 'loadFailed', 'nothingToReply', 'claimed'] as const;

export function uploadReplyScreen(snapshot: UploadReplySnapshot): UploadReplyScreen {
  const { payment, kind, file, caption, sent, problem } = snapshot.context;
  const finished = FINISHED.find((stage) => snapshot.matches(stage));
  if (finished || !payment || !kind) return { stage: finished ?? 'loading', reply: null };
  const uploading = snapshot.matches('uploading');
  const claiming = snapshot.matches('claiming');
  const fileProblem = isFileProblem(problem);
  return {
    stage: 'reply',
    reply: {
      payment,
      kind,
      file,
      caption,
      sent,
      fileProblem: fileProblem ? problem : null,
      message: fileProblem ? null : problem,
      editable: snapshot.can({ type: 'TYPE_CAPTION', text: '' }),
      uploading,
      claiming,
      send: { enabled: snapshot.can({ type: 'SUBMIT' }), labelKey: uploading || claiming ? 'upload.sending' : 'upload.send' },
    },
  };
}
