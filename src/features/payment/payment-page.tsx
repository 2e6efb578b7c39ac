import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { REQUEST_PAYMENT_PATH, SEND_PAYMENT_PATH } from '../../config/paths';
import { css } from '../../../styled-system/css';
import { PageHeader } from '../../ui/page-header';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';

const choices = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, maxW: '3xl' });
const choice = css({
  display: 'block',
  textDecoration: 'none',
  color: 'inherit',
  transition: 'box-shadow 150ms, border-color 150ms',
  _hover: { borderColor: 'accent.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});

/** /payment (spec 2): choose to send or to request; the phone's bottom bar is hidden on these screens. */
export function PaymentPage() {
  const { t } = useTranslation('payments');
  return (
    <>
      <PageHeader title={t('choose.title')} lead={t('choose.lead')} />
      <div className={choices}>
        <Link href={SEND_PAYMENT_PATH} className={`${card} ${choice}`}>
          <span className={sectionTitle}>{t('choose.send')}</span>
          <p className={mutedText}>{t('choose.sendBody')}</p>
        </Link>
        <Link href={REQUEST_PAYMENT_PATH} className={`${card} ${choice}`}>
          <span className={sectionTitle}>{t('choose.request')}</span>
          <p className={mutedText}>{t('choose.requestBody')}</p>
        </Link>
      </div>
    </>
  );
}
