import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';

describeModel('profile-summary machine (model-based)', {
  ...fromCatalogue(catalogue['profile-summary']),
  setup: () => ({ machine: catalogue['profile-summary'].fake(), fakes: {} }),
  states: {
    loading: ({ running }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'loadSummary', input: { userId: 'u-1' } })]);
    },
    ready: ({ snapshot }) => {
      expect(snapshot.context.summary).toEqual({ bio_message: 'Photos of the coast.', photo_key: 'm-1', background_key: null, creator: false });
    },
    unavailable: ({ step }) => expect(step).toBe('loadSummary:error'),
  },
});
