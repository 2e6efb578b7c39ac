import { css } from '../../../styled-system/css';

export const layoutGrid = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(18rem, 1fr)' }, alignItems: 'start' });
// minmax(0, …): a wide diagram scrolls inside its box instead of widening the page on a phone.
export const panel = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4' });
export const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
export const diagramBox = css({ overflowX: 'auto', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.subtle', p: '3' });
export const list = css({ display: 'grid', gap: '2', listStyle: 'none', p: 0, m: 0 });
export const pathItem = css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'space-between', fontSize: 'sm' });
export const eventList = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: 0 });
// The coverage table: ids and test names wrap anywhere on a phone so the three columns fit; the box scrolls only if
// they still cannot.
export const tableBox = css({ overflowX: 'auto' });
export const coverageTable = css({
  width: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& caption': { textAlign: 'start', fontWeight: 'semibold', pb: '2' },
  '& th, & td': { textAlign: 'start', p: '2', borderBottomWidth: '1px', borderColor: 'border.subtle', verticalAlign: 'top' },
  '& th[scope=row]': { fontWeight: 'normal', whiteSpace: { base: 'normal', md: 'nowrap' }, overflowWrap: 'anywhere' },
});
export const testList = css({ display: 'grid', gap: '1', pl: '4', mt: '2', overflowWrap: 'anywhere' });
export const choice = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', border: 'none', p: 0, m: 0 });
// A captured screen: as wide as the panel allows, never wider than it was taken (a phone's 375 px stays phone-sized).
export const screenImage = css({ display: 'block', maxWidth: 'full', height: 'auto', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.subtle' });
