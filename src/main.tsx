import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { afterHydration } from './lib/after-hydration';
import { holdEarlyInput } from './app/hydration/early-input';
import { startFirstView } from './app/router/first-view';
import { loadRuntime, renderWithRuntime } from './app/runtime/runtime';
import { detectInitialLanguage } from './i18n/detect-language';
import { initI18n } from './i18n/i18n';
import { mirrorStoredLanguage, readStoredLanguage } from './i18n/language-storage';
import { warmIntl } from './i18n/warm-intl';
import './index.css';

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // The first view's chunks and strings download together; rendering before the strings arrive would flash
  // untranslated keys, and before the page's chunk the frame alone (whose footer the page then pushes down).
  const firstView = startFirstView(window.location.pathname);
  // A server-rendered page (below): what is typed or sent before it is hydrated is handed over afterwards. Then
  // `data-hydrated` says the app has taken the page over (its buttons work from then on; the browser tests wait for it).
  if (root.dataset.prerendered) {
    const handOver = holdEarlyInput(root);
    afterHydration(() => {
      handOver();
      root.dataset.hydrated = '';
    });
  }
  const language = detectInitialLanguage(readStoredLanguage(), navigator.languages);
  mirrorStoredLanguage();
  // Signed-in pages show money and dates as soon as their data arrives.
  if (firstView.signedIn) warmIntl(language);
  await Promise.all([initI18n(language, firstView.namespaces), firstView.chunks]);
  // For bench:web's waterfall: when the first render starts.
  performance.mark('tipjar:first-render');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A visitor's public page and a creator's pay page, and a signed-in user's home, activity and send flow, come
  // rendered by the server (server/web/prerendered-pages.ts) in the language the server picked: hydrated when it is
  // ours too and the page starts as signed in as the server rendered it, else rendered afresh (replacing it), e.g. a
  // cookie cleared. A history entry with state (a request to pay, a purchase resumed, reloaded) is one the server
  // could not see: a page that reads it is rendered afresh too.
  const signedInRender = root.dataset.signedIn !== undefined;
  const withRuntime = signedInRender || firstView.runtime;
  const hydrate =
    root.dataset.prerendered === language &&
    signedInRender === firstView.signedIn &&
    (!withRuntime || window.history.state === null);
  if (!hydrate) {
    createRoot(root).render(app);
    return;
  }
  // The hydration render starts from what the server rendered with: the runtime for a signed-in page (here by now,
  // firstView.chunks waited for it) and for a visitor's page that needs it (a creator's pay page), none for the others.
  if (withRuntime) renderWithRuntime(await loadRuntime());
  hydrateRoot(root, app);
}

void start();
