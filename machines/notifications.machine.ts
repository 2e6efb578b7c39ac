import { assign, enqueueActions, sendParent, setup, type ActorRefFrom } from 'xstate';
import { NOTIFICATION_TIMEOUT_MS } from '../domain/limits';

/**
 * Notifications (spec 4 "Notifications", spec 8): error, success and warning messages that hide after 5 s
 * and can be closed. The queue is a parent that spawns one toast actor per message, so each message owns
 * its own timer and pausing one (pointer or focus on it) does not disturb the others.
 */
export type NotificationKind = 'error' | 'success' | 'warning';

export interface Notification {
  id: string;
  kind: NotificationKind;
  /** Already translated text: the server's localised `detail`, or a message from the locale files. */
  message: string;
}

/** At most this many on screen; the oldest goes first, so a burst of failures cannot bury the page. */
export const MAX_VISIBLE_NOTIFICATIONS = 4;

/** What keeps a message on screen: the pointer over it, or keyboard focus inside it (WCAG 2.2.1). */
export type ToastHold = 'pointer' | 'focus';

/**
 * PAUSE when the pointer enters or focus arrives, RESUME when it leaves, each saying which: the pointer may leave
 * while focus is still on the close button (or the other way round), and the message must stay until both are gone.
 */
export type ToastEvent = { type: 'CLOSE' } | { type: 'PAUSE'; by: ToastHold } | { type: 'RESUME'; by: ToastHold };

export interface ToastContext extends Notification {
  heldBy: Record<ToastHold, boolean>;
}

export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    input: {} as Notification,
    events: {} as ToastEvent,
  },
  delays: {
    timeout: NOTIFICATION_TIMEOUT_MS,
  },
  guards: {
    /** After this RESUME, the other hold still keeps the message. */
    heldByOther: ({ context, event }) =>
      event.type === 'RESUME' && Object.entries(context.heldBy).some(([hold, on]) => on && hold !== event.by),
  },
  actions: {
    hold: assign({
      heldBy: ({ context, event }) => (event.type === 'PAUSE' ? { ...context.heldBy, [event.by]: true } : context.heldBy),
    }),
    release: assign({
      heldBy: ({ context, event }) => (event.type === 'RESUME' ? { ...context.heldBy, [event.by]: false } : context.heldBy),
    }),
    reportHidden: sendParent(({ context }) => ({ type: 'TOAST_HIDDEN', id: context.id }) as const),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => ({ ...input, heldBy: { pointer: false, focus: false } }),
  initial: 'visible',
  states: {
    visible: {
      initial: 'counting',
      states: {
        // Re-entering `counting` restarts the full 5 s: a reader who looked away gets the whole time again.
        counting: {
          after: { timeout: { target: '#toast.hidden' } },
          on: { PAUSE: { target: 'paused', actions: 'hold' } },
        },
        // WCAG 2.2.1: while the pointer or keyboard focus is on the message, it does not disappear.
        paused: {
          on: {
            PAUSE: { actions: 'hold' },
            RESUME: [{ guard: 'heldByOther', actions: 'release' }, { target: 'counting', actions: 'release' }],
          },
        },
      },
      on: { CLOSE: 'hidden' },
    },
    hidden: {
      type: 'final',
      entry: 'reportHidden',
    },
  },
});

export type ToastActorRef = ActorRefFrom<typeof toastMachine>;

export type NotificationsEvent =
  | { type: 'NOTIFY'; kind: NotificationKind; message: string }
  | { type: 'TOAST_HIDDEN'; id: string }
  | { type: 'DISMISS_ALL' };

export interface NotificationsContext {
  toasts: ToastActorRef[];
  /** Counter for ids: deterministic, so tests and the flow atlas see the same ids every run. */
  nextId: number;
}

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    toast: toastMachine,
  },
  guards: {
    // Several calls failing together often carry the same text; one message on screen is enough.
    isAlreadyShown: ({ context, event }) =>
      event.type === 'NOTIFY' &&
      context.toasts.some((toast) => {
        const { context: shown } = toast.getSnapshot();
        return shown.kind === event.kind && shown.message === event.message;
      }),
    isFull: ({ context }) => context.toasts.length >= MAX_VISIBLE_NOTIFICATIONS,
  },
  actions: {
    dropOldest: enqueueActions(({ context, enqueue }) => {
      const [oldest, ...rest] = context.toasts;
      if (oldest) enqueue.stopChild(oldest);
      enqueue.assign({ toasts: rest });
    }),
    addToast: assign(({ context, event, spawn }) => {
      if (event.type !== 'NOTIFY') return {};
      const id = `notification-${context.nextId}`;
      const toast = spawn('toast', { id, input: { id, kind: event.kind, message: event.message } });
      return { toasts: [...context.toasts, toast], nextId: context.nextId + 1 };
    }),
    removeToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'TOAST_HIDDEN') return;
      enqueue.stopChild(event.id);
      enqueue.assign({ toasts: context.toasts.filter((toast) => toast.id !== event.id) });
    }),
    removeAll: enqueueActions(({ context, enqueue }) => {
      for (const toast of context.toasts) enqueue.stopChild(toast);
      enqueue.assign({ toasts: [] });
    }),
  },
}).createMachine({
  id: 'notifications',
  context: { toasts: [], nextId: 1 },
  on: {
    NOTIFY: [
      { guard: 'isAlreadyShown' },
      { guard: 'isFull', actions: ['dropOldest', 'addToast'] },
      { actions: 'addToast' },
    ],
    TOAST_HIDDEN: { actions: 'removeToast' },
    DISMISS_ALL: { actions: 'removeAll' },
  },
});
