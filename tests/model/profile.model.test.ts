import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

interface Fakes {
  removeFailures: unknown[];
}

describeModel('profile machine (model-based)', {
  ...fromCatalogue(catalogue.profile),
  setup: () => {
    const fakes: Fakes = { removeFailures: [] };
    const machine = catalogue.profile.fake().provide({
      actions: { notifyRemoveFailed: ({ event }) => void fakes.removeFailures.push((event as { error?: unknown }).error) },
    });
    return { machine, fakes };
  },
  states: {
    loading: ({ running, snapshot }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'loadProfile', input: { userId: 'u-1' } })]);
      expect(snapshot.context.pricePoints).toEqual([]);
    },
    loadFailed: ({ step, snapshot }) => {
      expect(step).toBe('loadProfile:error');
      expect(snapshot.context.pricePoints).toEqual([]);
    },
    ready: ({ snapshot, step, event, actions, fakes }) => {
      const { values, saved, errors, message, pricePoints, removing } = snapshot.context;
      const listed = pricePoints.map((p) => p.price);
      expect(removing).toBeNull();
      if (step === 'loadProfile:done') {
        // The server's order (price ascending) is kept; the bio fills the field.
        expect(listed).toEqual(['5.00', '12.00']);
        expect(values).toEqual({ bio_message: 'Photos of the coast.' });
      } else if (step.startsWith('CHANGE')) {
        expect(values.bio_message).toBe(event.value);
        expect(errors.bio_message).toBeUndefined();
      } else if (step === 'SAVE_BIO') {
        expect(messageText(errors.bio_message)).toBe('creators:rules.bio_too_long');
        expect(actions).toEqual(['focusFirstError']);
      } else if (step === 'saveBio:done') {
        expect(saved).toEqual({ bio_message: 'Coast and mountains.' });
        expect(actions).toEqual(['notifyBioSaved']);
      } else if (step === 'saveBio:error[0]') {
        expect(messageText(errors.bio_message)).toBe('Use at most 280 characters.');
        expect(actions).toEqual(['focusFirstError']);
      } else if (step === 'saveBio:error[1]') expect(messageText(message)).toBe('errors:generic');
      else if (step === 'CANCEL') expect(listed).toEqual(['5.00', '12.00']);
      else if (step === 'removePricePoint:done') {
        expect(listed).toEqual(['12.00']);
        expect(actions).toEqual(['notifyRemoved']);
      } else if (step === 'removePricePoint:error') {
        // Nothing is taken off the list on a refusal; the reason is notified.
        expect(listed).toEqual(['5.00', '12.00']);
        expect(actions).toEqual(['notifyRemoveFailed']);
        expect(fakes.removeFailures.at(-1)).toMatchObject({ code: 'price_point_not_found' });
      } else throw new Error(`unexpected way into ready: ${step}`);
    },
    savingBio: ({ running, snapshot }) => {
      expect(running).toEqual([
        expect.objectContaining({ src: 'saveBio', input: { userId: 'u-1', bio_message: snapshot.context.values.bio_message } }),
      ]);
    },
    confirmingRemove: ({ snapshot, running }) => {
      // The dialog asks about the listed one; nothing is called before Yes.
      expect(snapshot.context.removing).toMatchObject({ id: 'pp-5', price: '5.00' });
      expect(running).toEqual([]);
    },
    removing: ({ running }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'removePricePoint', input: { userId: 'u-1', pricePointId: 'pp-5' } })]);
    },
  },
});
