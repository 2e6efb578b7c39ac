import { thirdPartyScriptMachine } from './third-party-script.machine';
import { entry } from './catalogue-entry';

/** The flow atlas entry of `third-party-script` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: thirdPartyScriptMachine,
  purpose: 'Loads an optional third-party script (chat widget, session recording) once, after the first render, only when configured.',
  views: ['src/app/services/support-widgets.tsx'],
  operations: {},
  tests: ['tests/e2e/support-widgets.spec.ts'],
  fake: () => thirdPartyScriptMachine.provide({ actions: { reportFailure: () => {} } }),
  inputs: { configured: { src: 'https://chat.vendor.example/loader.js' }, unset: { src: null } },
  events: {},
});
