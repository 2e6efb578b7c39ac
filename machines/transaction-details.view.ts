import type { SnapshotFrom } from 'xstate';
import type { FormMessage } from './forms/field-errors';
import type { transactionDetailsMachine } from './transaction-details.machine';

type DetailsSnapshot = Pick<SnapshotFrom<typeof transactionDetailsMachine>, 'context' | 'matches' | 'can'>;

/**
 * The message box under a payment's thread (issue 24 item 6): what it holds and what its controls may do, read from
 * the transaction-details machine — Send is enabled exactly when the machine would take SEND_MESSAGE (its `hasDraft`
 * guard: some text or an uploaded file, and nothing on its way), the file picker when it would take a file.
 */
export interface MessageComposer {
  draft: string;
  /** The file picker takes a file now. */
  canAttach: boolean;
  /** A chosen file is being uploaded. */
  attaching: boolean;
  /** The name of the file chosen to go with the message, uploading or uploaded; null without one. */
  chosen: string | null;
  /** The uploaded file going with the message (its name, with Remove), once its upload is done. */
  attached: string | null;
  /** Why the chosen file was refused. */
  attachProblem: FormMessage | null;
  send: { enabled: boolean; labelKey: 'thread.send' | 'thread.sending' };
}

/** Any file: the machine takes one (or refuses it with a reason) whenever it takes a file at all. */
const SAMPLE_FILE = { name: '', size: 0, type: '' };

export function messageComposer(snapshot: DetailsSnapshot): MessageComposer {
  const { draft, attachment, attachProblem } = snapshot.context;
  return {
    draft,
    canAttach: snapshot.can({ type: 'ATTACH_FILE', file: SAMPLE_FILE }),
    attaching: snapshot.matches({ ready: { thread: 'attaching' } }),
    chosen: attachment?.file.name ?? null,
    attached: attachment?.mediaId != null ? attachment.file.name : null,
    attachProblem,
    send: {
      enabled: snapshot.can({ type: 'SEND_MESSAGE', key: '' }),
      labelKey: snapshot.matches({ ready: { thread: 'sending' } }) ? 'thread.sending' : 'thread.send',
    },
  };
}
