import { describe, expect, it } from 'vitest';
import { detectInitialLanguage } from '../../../src/i18n/detect-language';

describe('detectInitialLanguage (spec 4 "Language")', () => {
  it('prefers the stored choice', () => {
    expect(detectInitialLanguage('pt', ['es-ES', 'en'])).toBe('pt');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(detectInitialLanguage('fr', ['es-MX'])).toBe('es');
  });

  it('takes the first supported browser language, by primary subtag', () => {
    expect(detectInitialLanguage(null, ['fr-FR', 'pt-BR', 'es'])).toBe('pt');
    expect(detectInitialLanguage(undefined, ['ES-419'])).toBe('es');
  });

  it('falls back to English', () => {
    expect(detectInitialLanguage(null, ['fr', 'de'])).toBe('en');
    expect(detectInitialLanguage(null, [])).toBe('en');
  });
});
