import type { SnapshotFrom } from 'xstate';
import { formView, type FormView } from './forms/form-view';
import type { pricePointMachine } from './price-point.machine';

type PricePointSnapshot = Pick<SnapshotFrom<typeof pricePointMachine>, 'can' | 'hasTag' | 'context'>;

/** /profile/price-point as its machine shows it (issue 24 item 6): the fields, "Add" / its working words, the refusal. */
export type PricePointView = FormView<'pricePoint.submit' | 'pricePoint.submitting'>;

export const pricePointView = (snapshot: PricePointSnapshot): PricePointView =>
  formView(snapshot, {
    change: { type: 'CHANGE', field: 'description', value: '' },
    submit: { type: 'SUBMIT' },
    idle: 'pricePoint.submit',
    busy: 'pricePoint.submitting',
  });
