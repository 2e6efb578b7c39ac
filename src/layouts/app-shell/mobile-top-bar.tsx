import { css } from '../../../styled-system/css';
import { Logo } from '../../ui/logo';

const bar = css({
  display: { base: 'flex', md: 'none' },
  alignItems: 'center',
  h: '14',
  px: '4',
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  position: 'sticky',
  top: '0',
  zIndex: 20,
});

/** Phones have no tab bar: the brand stays visible at the top. */
export function MobileTopBar() {
  return (
    <header className={bar}>
      <Logo />
    </header>
  );
}
