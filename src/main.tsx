import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { afterHydration } from './app/hydration/after-hydration';
import { holdEarlyInput } from './app/hydration/early-input';
import { startFirstView } from './app/router/first-view';
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
  // A server-rendered page (below): what is typed or sent before it is hydrated is handed over afterwards.
  if (root.dataset.prerendered) afterHydration(holdEarlyInput(root));
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
  // A visitor's public page comes rendered by the server (server/web/prerendered-pages.ts) in the language the server
  // picked: hydrated when it is ours too, rendered afresh (replacing it) when it is not, e.g. a cookie cleared.
  if (root.dataset.prerendered === language && !firstView.signedIn) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
