import type { InspectionEvent } from 'xstate';
import { transitionRecorder } from '../../machines/graph/transition-recorder';
import { i18n } from '../i18n/i18n';
import { RECORD_EVERY_TRANSITION, RECORD_TRANSITION_BINDING, SHOW_LANGUAGE } from './transition-binding';

/**
 * The app's transition recorder, a lazy chunk of its own: loaded only when the page carries the browser tests'
 * binding (or under `npm run dev`), never by a production page (tests/e2e/bundle-budget.spec.ts). Each transition
 * goes out once per page load: the tests want the set taken, and every call to the binding is a round trip. A path
 * test asks for every one, in order (`RECORD_EVERY_TRANSITION`): it checks each of its steps by its record.
 */
export function transitionRecording(): (event: InspectionEvent) => void {
  const binding = window[RECORD_TRANSITION_BINDING];
  const every = window[RECORD_EVERY_TRANSITION] === true;
  const sent = new Set<string>();
  if (binding) {
    window[SHOW_LANGUAGE] = async (language) => {
      await i18n.changeLanguage(language);
    };
  }
  return transitionRecorder((taken) => {
    const key = `${taken.machine}\n${taken.transition}`;
    if (sent.has(key) && !every) return;
    sent.add(key);
    if (binding) {
      // A call made as the page unloads is refused; the transition was recorded by the call before it or is lost
      // with the page, which is no error of the app's.
      binding(taken).catch(() => {});
    } else if (import.meta.env.DEV) {
      (window.__tipjarTransitions ??= []).push(taken);
    }
  });
}
