import { describe, expect, it } from 'vitest';
import { homeGreetingKey } from '../../../src/lib/first-visit';
import en from '../../../locales/en/common.json';

describe("home's greeting (issue 22 item 10)", () => {
  it('is "Welcome" on the first visit and "Welcome back" after', () => {
    const greeting = (firstVisit: boolean) => homeGreetingKey(firstVisit).split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], en);
    expect(greeting(true)).toBe('Welcome, {{name}}');
    expect(greeting(false)).toBe('Welcome back, {{name}}');
  });
});
