import { LANG_STORAGE_KEY } from '../../domain/product';
import { deleteUserCookie } from './user-cookie';

/**
 * Empties a storage area except the keys that belong to the device rather than the person: the language
 * choice survives a logout (spec 4: clear local data; the next visitor still reads the chosen language).
 */
export function clearStorageExcept(storage: Storage, keep: readonly string[]): void {
  const kept = keep.flatMap((key) => {
    const value = storage.getItem(key);
    return value === null ? [] : [[key, value] as const];
  });
  storage.clear();
  for (const [key, value] of kept) storage.setItem(key, value);
}

/** The session machine's `clearLocalData` in the browser. */
export function clearBrowserLocalData(): void {
  deleteUserCookie();
  for (const area of ['localStorage', 'sessionStorage'] as const) {
    try {
      clearStorageExcept(window[area], [LANG_STORAGE_KEY]);
    } catch {
      // Storage disabled: there is nothing stored to clear.
    }
  }
}
