import { css } from '../../../styled-system/css';

/** The /contacts sections share one look: a list of people, each with a name, a username and an action. */
// One column no wider than the screen: a section's content wraps inside it (es and pt ran 14–29 px past 375 px).
export const sections = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '6', maxW: '2xl' });
export const personList = css({ mt: '3', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '2', listStyle: 'none', p: '0' });
export const personRow = css({
  display: 'flex',
  // A long name and a long action ("Adicionar aos contatos") do not fit one 375 px line: the action goes below.
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  p: '3',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.subtle',
});
export const personName = css({ display: 'grid', fontSize: 'sm', minW: '0' });
export const personUsername = css({ fontWeight: 'semibold', color: 'fg.default', overflowWrap: 'anywhere' });
export const personFullName = css({ color: 'fg.muted' });
export const subTitle = css({ mt: '5', fontSize: 'md', fontWeight: 'semibold', color: 'fg.default' });
export const buttonRow = css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' });
export const fullWidth = css({ w: 'full' });
