import { describe, expect, it } from 'vitest';
import { isSearchable, normalizeSearchTerm, personLabel, stillNames } from '../../../domain/user-search';

describe('user search rule', () => {
  it('ignores case, every space and a leading @', () => {
    expect(normalizeSearchTerm('  @Ann  Smith ')).toBe('annsmith');
    expect(normalizeSearchTerm('@@ann')).toBe('ann');
    expect(normalizeSearchTerm('a@b.com')).toBe('a@b.com');
    expect(normalizeSearchTerm('An\tn')).toBe('ann');
  });

  it('asks for suggestions from 3 characters that count', () => {
    expect(isSearchable('an')).toBe(false);
    expect(isSearchable('@an')).toBe(false);
    expect(isSearchable(' a n ')).toBe(false);
    expect(isSearchable('ann')).toBe(true);
    expect(isSearchable('@a n n')).toBe(true);
  });

  it('keeps a choice while the text names the person by @username or full name, and only then', () => {
    const ann = { username: 'ann_s', fullName: 'Ann Smith' };
    expect(personLabel(ann)).toBe('@ann_s');
    expect(stillNames(ann, '@ann_s')).toBe(true);
    expect(stillNames(ann, 'ANN_S')).toBe(true);
    expect(stillNames(ann, 'ann smith')).toBe(true);
    expect(stillNames(ann, '@ann_')).toBe(false);
    expect(stillNames(ann, '')).toBe(false);
    expect(stillNames({ username: 'bo', fullName: null }, '@bo')).toBe(true);
  });
});
