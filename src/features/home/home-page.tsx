import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { SessionContext } from '../../app/providers/session-context';
import { useFormat } from '../../lib/use-format';
import { PageHeader } from '../../ui/page-header';
import { card } from '../../ui/page-styles';

const balanceCard = css({
  p: { base: '5', md: '6' },
  borderRadius: 'card',
  color: 'white',
  bgGradient: 'to-br',
  gradientFrom: 'brand.600',
  gradientTo: 'brand.900',
  boxShadow: 'raised',
});
const balanceLabel = css({ fontSize: 'sm', fontWeight: 'medium', color: 'brand.100' });
const balance = css({ mt: '1', fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: '-0.02em' });
const note = css({ mt: '4', color: 'fg.muted' });

/** Home (spec 2): recent activity and first-step cards arrive with the payments issues. */
export function HomePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const name = SessionContext.useSelector((snapshot) => snapshot.context.user?.fullName ?? '');
  return (
    <>
      <PageHeader title={t('routes.home')} lead={t('pages.homeTitle', { name })} />
      <section className={balanceCard} aria-labelledby="balance-label">
        <p id="balance-label" className={balanceLabel}>
          {t('pages.balanceLabel')}
        </p>
        {/* The wallet call arrives with the payments issue; until then the balance shown is zero. */}
        <p className={balance}>{format.money(0)}</p>
      </section>
      <p className={`${card} ${note}`}>{t('pages.homeBody')}</p>
    </>
  );
}
