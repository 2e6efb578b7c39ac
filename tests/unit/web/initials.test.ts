import { describe, expect, it } from 'vitest';
import { initialsOf } from '../../../src/ui/initials';

describe('initials, shown when a person has no photo', () => {
  it.each([
    ['Ann Lee Smith', 'AS'],
    ['maya', 'M'],
    ['@maya_creates', 'M'],
    ['  Ana   Souza ', 'AS'],
    ['élodie durand', 'ÉD'],
    ['李 小龙', '李小'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
