import { LANG_STORAGE_KEY } from '../../domain/product';

// Storage can throw (private mode, disabled cookies); the language choice is a convenience, never a blocker.

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(language: string): void {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, language);
  } catch {
    // Not persisted: the choice still applies until the tab closes.
  }
}
