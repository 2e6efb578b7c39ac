import { expect } from 'vitest';
import { thirdPartyScriptMachine } from '../../machines/third-party-script.machine';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';

const SRC = 'https://chat.vendor.example/loader.js';

describeModel('third-party-script machine (model-based)', {
  ...fromCatalogue(catalogue['third-party-script']),
  setup: () => ({ machine: thirdPartyScriptMachine, fakes: null }),
  states: {
    off: ({ snapshot, input, invoked, running, actions }) => {
      // Nothing configured: nothing is fetched, and the machine is done.
      expect(input.src).toBeNull();
      expect(invoked).toEqual([]);
      expect(running).toEqual([]);
      expect(actions).toEqual([]);
      expect(snapshot.status).toBe('done');
    },
    loading: ({ input, invoked, running }) => {
      expect(input.src).toBe(SRC);
      // Exactly the configured script, once.
      expect(invoked).toEqual([expect.objectContaining({ src: 'loadScript', input: { src: SRC } })]);
      expect(running).toHaveLength(1);
    },
    ready: ({ snapshot, actions, running }) => {
      expect(actions).toEqual([]);
      expect(running).toEqual([]);
      expect(snapshot.status).toBe('done');
    },
    failed: ({ snapshot, actions, running }) => {
      // Reported for the logs, and the machine is done: no retry.
      expect(actions).toEqual(['reportFailure']);
      expect(running).toEqual([]);
      expect(snapshot.status).toBe('done');
    },
  },
});
