import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('generated API types', () => {
  it('openapi/schema.d.ts is what `npm run gen:api` writes from openapi.yaml (run it when this fails)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'tipjar-gen-')), 'schema.d.ts');
    execFileSync('node_modules/.bin/openapi-typescript', ['openapi/openapi.yaml', '-o', out], { stdio: 'pipe' });
    expect(readFileSync('openapi/schema.d.ts', 'utf8')).toBe(readFileSync(out, 'utf8'));
  });
});
