import type { UploadReplyContext } from '../upload-reply.machine';
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
