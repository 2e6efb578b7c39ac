import { useTranslation } from 'react-i18next';
import type { CheckoutView } from '../../../machines/payments/checkout.view';
import { css } from '../../../styled-system/css';
import { Avatar } from '../../ui/avatar';
import { useFormat } from '../../lib/use-format';

const box = css({ display: 'flex', gap: '4', alignItems: 'flex-start', bg: 'bg.subtle', borderRadius: 'xl', p: '4' });
const body = css({ display: 'grid', gap: '1', minW: '0' });
const title = css({ fontSize: 'lg', fontWeight: 'bold', overflowWrap: 'anywhere' });
const creator = css({ fontSize: 'sm', overflowWrap: 'anywhere' });
const creatorName = css({ fontWeight: 'semibold' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });
const price = css({ fontSize: '2xl', fontWeight: 'bold' });

/**
 * What a price point's checkout sells (issue 22 item 5): the item's title, photo or video and price, and the creator
 * with their avatar and name.
 */
export function CheckoutItem({ view }: { view: CheckoutView }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  return (
    <section aria-labelledby="checkout-item" className={box}>
      <Avatar src={view.creator.photo} alt="" name={view.creator.fullName ?? view.creator.username} size="sm" />
      <div className={body}>
        <h2 id="checkout-item" className={title}>
          {view.item.title}
        </h2>
        <span className={muted}>{t(`checkout.media.${view.item.media}`)}</span>
        <span className={creator}>
          {t('checkout.from')} <span className={creatorName}>@{view.creator.username}</span>
          {view.creator.fullName ? <span className={muted}> · {view.creator.fullName}</span> : null}
        </span>
        <span className={price}>{format.money(view.item.priceCents)}</span>
      </div>
    </section>
  );
}
