/**
 * One verb per payment action (issue 22 item 4): the button, its dialog's title, the toast after it and the status it
 * leaves all say the same thing, on each side of a request. The requester cancels (status `cancelled`, "Cancelled");
 * the one asked rejects — the lifecycle records that as `rejected` (machines/payment-lifecycle.machine.ts) and the
 * spec's status name is "Rejected", so the verb is "Reject" (es "Rechazar", pt "Recusar"), not "Decline" or "Cancel".
 * Keys of the `activity` namespace; tests/unit/machines/payment-actions-view.test.ts reads them in en, es and pt.
 */
export const ACTION_WORDING = {
  cancel: {
    button: 'actions.cancel',
    dialogTitle: 'cancelTransactionDialog.title',
    dialogBody: 'cancelTransactionDialog.body',
    toast: 'snackBar.requestCancel.success',
    status: 'status.cancelled',
  },
  reject: {
    button: 'actions.reject',
    dialogTitle: 'rejectTransactionDialog.title',
    dialogBody: 'rejectTransactionDialog.body',
    toast: 'snackBar.requestReject.success',
    status: 'status.rejected',
  },
  remind: {
    button: 'actions.remind',
    dialogTitle: 'sendReminderDialog.title',
    dialogBody: 'sendReminderDialog.body',
    toast: 'snackBar.requestRemind.success',
    // A reminder changes no status.
    status: null,
  },
} as const;

type WordedAction = keyof typeof ACTION_WORDING;
