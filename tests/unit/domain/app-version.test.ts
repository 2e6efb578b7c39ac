import { describe, expect, it } from 'vitest';
import { isNewerVersion } from '../../../domain/app-version';

describe('isNewerVersion (spec 4: server above the client, compared as semver)', () => {
  it.each([
    ['1.0.3', '1.0.2', true],
    ['1.0.10', '1.0.2', true], // as text "1.0.10" < "1.0.2"
    ['1.1.0', '1.0.9', true],
    ['2.0.0', '1.99.99', true],
    ['1.0.2', '1.0.2', false],
    ['1.0.1', '1.0.2', false],
    ['1.0.3-beta.1', '1.0.2', true],
    ['1.0.2-beta.1', '1.0.2', false], // a pre-release of the same version is below it
    ['latest', '1.0.2', false],
    ['', '1.0.2', false],
    ['1.0.3', 'dev', false],
  ])('%s above %s: %s', (server, client, expected) => {
    expect(isNewerVersion(server, client)).toBe(expected);
  });
});
