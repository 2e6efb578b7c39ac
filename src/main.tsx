import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { detectInitialLanguage } from './i18n/detect-language';
import { initI18n } from './i18n/i18n';
import { readStoredLanguage } from './i18n/language-storage';
import './index.css';

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // Strings first: rendering before they arrive would flash untranslated keys.
  await initI18n(detectInitialLanguage(readStoredLanguage(), navigator.languages));
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
