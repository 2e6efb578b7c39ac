import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import common from '../../../locales/en/common.json';
import { Stepper } from '../../../src/ui/stepper';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { common } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

// Server-rendered markup: enough to check the attributes assistive tech reads, with no DOM needed.
function render(steps: string[], current: number): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Stepper steps={steps} current={current} />
    </I18nextProvider>,
  );
}

const STEPS = ['Personal Info', 'Primary Address', 'Bank Account', 'Confirm Info'];

describe('Stepper (spec 2: numbered steps, check mark on completed ones)', () => {
  it('numbers upcoming steps, checks completed ones and marks the active one', () => {
    const html = render(STEPS, 2);
    const items = html.split('<li').slice(1);
    expect(items).toHaveLength(4);
    // Completed: a check mark and a hidden "completed" for screen readers, no number.
    for (const item of items.slice(0, 2)) {
      expect(item).toContain('data-step-check');
      expect(item).toContain('(completed)');
      expect(item).not.toContain('aria-current');
    }
    expect(items[2]).toContain('aria-current="step"');
    expect(items[2]).toContain('>3<');
    expect(items[3]).toContain('>4<');
    expect(items[3]).not.toContain('data-step-check');
  });

  it('names the list and tells position in words', () => {
    const html = render(STEPS, 0);
    expect(html).toContain('aria-label="Progress"');
    expect(html).toContain('Step 1 of 4');
    expect(html).toContain('Bank Account');
    expect(html).not.toContain('data-step-check');
  });
});
