import { describe, expect, it } from 'vitest';
import { CHAT_WIDGET_MOBILE_PADDING_PX, MOBILE_BREAKPOINT_PX } from '../../../domain/limits';
import { chatWidgetSettings } from '../../../src/app/services/widget-settings';

describe('chat widget settings (spec 9)', () => {
  it('80 px of vertical padding on phones, 0 otherwise', () => {
    expect(CHAT_WIDGET_MOBILE_PADDING_PX).toBe(80);
    expect(MOBILE_BREAKPOINT_PX).toBe(768);
    expect(chatWidgetSettings(true)).toEqual({ verticalPadding: 80 });
    expect(chatWidgetSettings(false)).toEqual({ verticalPadding: 0 });
  });
});
