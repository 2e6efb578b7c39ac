import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstView } from './app/router/first-view';
import { detectInitialLanguage } from './i18n/detect-language';
import { initI18n } from './i18n/i18n';
import { readStoredLanguage } from './i18n/language-storage';
import './index.css';

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // The first view's chunks and strings download together; rendering before the strings arrive would flash
  // untranslated keys, and before the page's chunk the frame alone (whose footer the page then pushes down).
  const firstView = startFirstView(window.location.pathname);
  await Promise.all([
    initI18n(detectInitialLanguage(readStoredLanguage(), navigator.languages), firstView.namespaces),
    firstView.chunks,
  ]);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
