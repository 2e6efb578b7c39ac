import { describe, expect, it } from 'vitest';
import { parseLanguageCookie, serializeLanguageCookie } from '../../../domain/language-cookie';
import { pageLanguage } from '../../../server/web/page-language';

describe('the language a page is made in', () => {
  it('is the visitor’s choice (the tipjar-lang cookie), else their browser’s, else English', () => {
    expect(pageLanguage('tipjar-lang=pt; other=1', 'es-419,es;q=0.9')).toBe('pt');
    expect(pageLanguage(undefined, 'es-419,es;q=0.9,en;q=0.5')).toBe('es');
    expect(pageLanguage('tipjar-user=x', 'fr-FR, pt-BR;q=0.8')).toBe('pt');
    expect(pageLanguage(undefined, 'fr-FR')).toBe('en');
    expect(pageLanguage(undefined, undefined)).toBe('en');
  });

  it('ignores a cookie that is not one of our languages', () => {
    expect(pageLanguage('tipjar-lang=fr', 'es')).toBe('es');
    expect(pageLanguage('tipjar-lang=<script>', undefined)).toBe('en');
    expect(parseLanguageCookie('xtipjar-lang=es')).toBeNull();
  });

  it('reads back what the app writes', () => {
    const line = serializeLanguageCookie('es', { secure: true });
    expect(line).toBe('tipjar-lang=es; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(parseLanguageCookie(line.split(';')[0]!)).toBe('es');
    expect(serializeLanguageCookie('pt', { secure: false })).not.toContain('Secure');
  });
});
