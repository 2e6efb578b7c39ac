import { css } from '../../../styled-system/css';

/** The auditor's page's verdicts: sound in green, a breach in red (both with words, never colour alone). */
export const good = css({ color: 'green.800', fontWeight: 'semibold' });
export const bad = css({ color: 'red.700', fontWeight: 'semibold' });
