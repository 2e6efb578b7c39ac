import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

describeModel('price-point machine (model-based)', {
  ...fromCatalogue(catalogue['price-point']),
  setup: () => ({ machine: catalogue['price-point'].fake(), fakes: {} }),
  states: {
    editing: ({ snapshot, step, event, actions }) => {
      const { values, errors, message } = snapshot.context;
      if (step === 'init') expect(values).toEqual({ description: '', media_type: '', price: '' });
      else if (step.startsWith('CHANGE')) {
        expect(values[event.field as 'price']).toBe(event.value);
        expect(errors[event.field as 'price']).toBeUndefined();
      } else if (step === 'SUBMIT') {
        expect(Object.keys(errors).length).toBeGreaterThan(0);
        // A price outside $1-$500 is the shared rule's message, before any call.
        if (values.price === '0.50') expect(messageText(errors.price)).toBe('creators:rules.price_range');
        if (values.media_type === '') expect(messageText(errors.media_type)).toBe('creators:rules.media_type_required');
        expect(actions).toEqual(['focusFirstError']);
      } else if (step === 'addPricePoint:error[0]') {
        expect(messageText(message)).toBe('You can offer at most 12 price points. Remove one to add another.');
        expect(errors).toEqual({});
      } else if (step === 'addPricePoint:error[1]') {
        expect(messageText(errors.price)).toBe('The price must be from $1.00 to $500.00.');
        expect(message).toBeNull();
      } else if (step === 'addPricePoint:error[2]') expect(messageText(message)).toBe('errors:generic');
      else throw new Error(`unexpected way into editing: ${step}`);
    },
    saving: ({ running }) => {
      expect(running).toEqual([
        expect.objectContaining({
          src: 'addPricePoint',
          input: { userId: 'u-1', description: 'A signed photo', media_type: 'photo', price: '5' },
        }),
      ]);
    },
    added: ({ actions }) => {
      // Announced, then back to the profile, in that order.
      expect(actions).toEqual(['notifyAdded', 'backToProfile']);
    },
  },
});
