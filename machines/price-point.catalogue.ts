import { apiFailure } from './forms/api-failure';
import { pricePointMachine } from './price-point.machine';
import { entry } from './catalogue-entry';
import { activeUser, fieldRefusal, formKey, offline, succeeds } from './catalogue-samples';

/** The flow atlas entry of `price-point` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: pricePointMachine,
  purpose: 'Add a price point (/profile/price-point): short description, Photo or Video, price from $1 to $500; then "price point added" and back to the profile.',
  views: ['src/features/profile/price-point-page.tsx'],
  operations: { addPricePoint: ['addPricePoint'] },
  tests: ['tests/unit/machines/price-point-view.test.ts', 'tests/e2e/creators.spec.ts', 'tests/api/creators-profile.test.ts'],
  fake: () => pricePointMachine.provide({ actors: { addPricePoint: succeeds() } }),
  inputs: { creator: { userId: activeUser.userId } },
  events: {
    // Every field good, plus a price outside the range (refused by the shared rule before any call).
    CHANGE: [
      { type: 'CHANGE', field: 'description', value: 'A signed photo' },
      { type: 'CHANGE', field: 'media_type', value: 'photo' },
      { type: 'CHANGE', field: 'price', value: '5' },
      { type: 'CHANGE', field: 'price', value: '0.50' },
    ],
    SUBMIT: { type: 'SUBMIT' },
  },
  invokeResults: {
    addPricePoint: {
      done: [undefined],
      error: [
        apiFailure(409, { code: 'price_points_limit', detail: 'You can offer at most 12 price points. Remove one to add another.' }),
        fieldRefusal(400, 'validation_failed', 'price', 'The price must be from $1.00 to $500.00.'),
        offline,
      ],
    },
  },
  serializeState: formKey,
});
