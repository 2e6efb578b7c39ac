import { describe, expect, it } from 'vitest';
import { USER_COOKIE } from '../../../domain/product';
import type { SessionUser } from '../../../domain/session-user';
import { clearStorageExcept } from '../../../src/lib/local-data';
import { expiredUserCookie, parseUserCookie, serializeUserCookie } from '../../../domain/user-cookie';

const user: SessionUser = {
  userId: '7c1d',
  email: 'ana@example.com',
  accountStatus: 'active',
  emailStatus: 'verified',
  username: 'ana.creates',
  country: 'BR',
  fullName: 'Ana Souza; "quotes" & ção',
  photo: '/api/media/avatar/7c1d?k=0b6f',
};

function cookieValue(setCookie: string): string {
  return setCookie.split(';')[0]!;
}

describe('the tipjar-user cookie', () => {
  it('round-trips the non-secret user fields, whatever characters they hold', () => {
    const header = `other=1; ${cookieValue(serializeUserCookie(user, { secure: false }))}; theme=dark`;
    expect(parseUserCookie(header)).toEqual(user);
  });

  it('is SameSite=Strict on path /, Secure on https, and lives no longer than the session (12 h)', () => {
    const cookie = serializeUserCookie(user, { secure: true });
    expect(cookie.startsWith(`${USER_COOKIE}=`)).toBe(true);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('Max-Age=43200');
    expect(serializeUserCookie(user, { secure: false })).not.toContain('Secure');
  });

  it('never carries a token or any field it does not know', () => {
    const withExtra = { ...user, authToken: 'secret', admin: true } as SessionUser;
    const value = decodeURIComponent(cookieValue(serializeUserCookie(withExtra, { secure: false })).split('=')[1]!);
    expect(Object.keys(JSON.parse(value)).sort()).toEqual(Object.keys(user).sort());
    const planted = `${USER_COOKIE}=${encodeURIComponent(JSON.stringify({ ...user, authToken: 'x' }))}`;
    expect(parseUserCookie(planted)).toEqual(user);
  });

  it('reads a missing, malformed or incomplete cookie as logged out', () => {
    expect(parseUserCookie('')).toBeNull();
    expect(parseUserCookie(`${USER_COOKIE}=%7Bbroken`)).toBeNull();
    expect(parseUserCookie(`${USER_COOKIE}=${encodeURIComponent(JSON.stringify({ userId: 'x' }))}`)).toBeNull();
    expect(parseUserCookie(`${USER_COOKIE}=`)).toBeNull();
  });

  it('carries only an avatar address of this app (the cookie is readable and writable by scripts)', () => {
    const elsewhere = { ...user, photo: 'https://tracker.example/pixel.png' };
    expect(parseUserCookie(cookieValue(serializeUserCookie(elsewhere, { secure: false })))).toEqual({ ...user, photo: null });
    // A cookie written before photos were carried reads as no photo.
    const { photo: _photo, ...older } = user;
    expect(parseUserCookie(`${USER_COOKIE}=${encodeURIComponent(JSON.stringify(older))}`)).toEqual({ ...user, photo: null });
  });

  it('keeps null set-up fields null (the set-up gate depends on them)', () => {
    const incomplete = { ...user, username: null, country: null };
    expect(parseUserCookie(cookieValue(serializeUserCookie(incomplete, { secure: false })))).toEqual(incomplete);
  });

  it('is deleted by an expired cookie on the same path', () => {
    expect(expiredUserCookie()).toBe(`${USER_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`);
  });
});

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('clearing local data on logout', () => {
  it('empties storage but keeps the language choice', () => {
    const storage = new MemoryStorage();
    storage.setItem('tipjar-lang', 'es');
    storage.setItem('draft-payment', '{"amount":"5.00"}');
    storage.setItem('anything', 'x');
    clearStorageExcept(storage, ['tipjar-lang']);
    expect(storage.length).toBe(1);
    expect(storage.getItem('tipjar-lang')).toBe('es');
  });

  it('does not invent a kept key that was never stored', () => {
    const storage = new MemoryStorage();
    storage.setItem('x', '1');
    clearStorageExcept(storage, ['tipjar-lang']);
    expect(storage.length).toBe(0);
  });
});
