import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Purchase } from '../../../domain/purchase';
import { parseAmount } from '../../../domain/money/amount';
import {
  NOTE_MAX_LENGTH,
  PRESET_AMOUNTS,
  type PublicProfileContext,
  type PublicProfileData,
  type PublicProfileEvent,
} from '../../../machines/public-profile.machine';
import type { StorefrontView } from '../../../machines/public-profile.view';
import { css } from '../../../styled-system/css';
import { LOGIN_PATH, SIGN_UP_PATH, withQuery } from '../../config/paths';
import { useFormat } from '../../lib/use-format';
import { Avatar, Banner } from '../../ui/avatar';
import { button } from '../../ui/button-styles';
import { FormAlert } from '../../ui/form/form-alert';
import { TextField } from '../../ui/form/text-field';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';

/** The pay page's parts (`/{username}`), each rendering what publicPageScreen and storefrontView say. */
const choices = css({ mt: '4', display: 'grid', gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: '3', border: 'none', p: '0' });
const offers = css({ mt: '6', display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, gap: '3', border: 'none', p: '0' });
const choice = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '12',
  px: '4',
  py: '2',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(input:focus-visible)': { boxShadow: '0 0 0 3px rgba(59, 110, 245, 0.35)' },
});
// A price point as a card: the radio in its corner, the price large, the title, what the fan gets and how soon.
const offerCard = css({
  position: 'relative',
  display: 'grid',
  gap: '1',
  p: '4',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.default',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(input:focus-visible)': { boxShadow: '0 0 0 3px rgba(59, 110, 245, 0.35)' },
});
const offerRadio = css({ position: 'absolute', top: '4', right: '4' });
const offerPrice = css({ fontSize: '2xl', fontWeight: 'bold', color: 'fg.default' });
const offerTitle = css({ fontWeight: 'semibold', color: 'fg.default', pr: '6' });
const offerMeta = css({ fontSize: 'sm', color: 'fg.muted' });
const links = css({ mt: '4', display: 'flex', gap: '3', flexWrap: 'wrap' });
// The creator's cover (their banner, or the brand's gradient) with their avatar overlapping its lower edge.
const cover = css({
  h: { base: '36', md: '56' },
  borderRadius: '2xl',
  overflow: 'hidden',
  bgGradient: 'to-br',
  gradientFrom: 'brand.500',
  gradientTo: 'brand.800',
});
const identity = css({ display: 'grid', gap: '2' });
const avatarOnCover = css({ mt: { base: '-16', md: '-20' }, ml: { base: '4', md: '8' }, borderWidth: '4px', borderColor: 'bg.default' });
const name = css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'bold', color: 'fg.default', lineHeight: 'tight' });
const handle = css({ color: 'fg.muted', fontSize: { base: 'md', md: 'lg' } });
const bio = css({ mt: '2', maxW: '2xl', whiteSpace: 'pre-line' });
type Send = (event: PublicProfileEvent) => void;

/** The creator: cover, avatar, name, handle and bio. */
export function StorefrontHeader({ view }: { view: StorefrontView }) {
  return (
    <header className={identity}>
      <div className={cover}>{view.cover ? <Banner src={view.cover} alt="" eager /> : null}</div>
      <Avatar src={view.photo} alt={view.name} size="xl" className={avatarOnCover} eager />
      <h1 className={name}>{view.name}</h1>
      <p className={handle}>{view.handle}</p>
      {view.bio ? <p className={bio}>{view.bio}</p> : null}
    </header>
  );
}

/** A visitor's choice is made: sign up with it, or sign in and come back to it, or change it. */
export function SignInOffer({ profile, purchase, onBack }: { profile: PublicProfileData; purchase: Purchase; onBack: () => void }) {
  const { t } = useTranslation('creators');
  const format = useFormat();
  return (
    <section className={card} aria-labelledby="pay-sign-in-title">
      <h2 id="pay-sign-in-title" className={sectionTitle}>
        {t('publicPage.signInTitle')}
      </h2>
      <p className={mutedText}>{t('publicPage.signInBody', { amount: format.money(parseAmount(purchase.amount ?? '0') ?? 0), name: profile.full_name })}</p>
      <div className={links}>
        <Link href={withQuery(SIGN_UP_PATH, { purchase: JSON.stringify(purchase) })} className={button()}>
          {t('publicPage.signUp')}
        </Link>
        <Link
          href={withQuery(LOGIN_PATH, { next: withQuery(`/${profile.username}`, { amount: purchase.amount, pricePointId: purchase.pricePointId }) })}
          className={button({ variant: 'outline' })}
        >
          {t('publicPage.signIn')}
        </Link>
        <button type="button" className={button({ variant: 'ghost' })} onClick={onBack}>
          {t('publicPage.change')}
        </button>
      </div>
    </section>
  );
}

interface PayFormProps {
  formId: string;
  context: Pick<PublicProfileContext, 'selection' | 'customAmount' | 'note' | 'error'>;
  view: StorefrontView;
  purchase: Purchase | null;
  send: Send;
}

/** The choice (a preset, a custom amount or a price point), the tip's note, and Pay with what it would buy. */
export function PayForm({ formId, context, view, purchase, send }: PayFormProps) {
  const { t } = useTranslation('creators');
  const format = useFormat();
  const { selection, customAmount, note, error } = context;
  return (
    <form
      id={formId}
      className={card}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'PAY' });
      }}
    >
      <FormAlert message={error} />
      <AmountChoices selection={selection} send={send} />
      {selection?.kind === 'custom' ? (
        <div className={css({ mt: '4' })}>
          <TextField
            id="pay-custom-amount"
            label={t('publicPage.customLabel')}
            value={customAmount}
            onValueChange={(value) => send({ type: 'CHANGE_CUSTOM', value })}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
      ) : null}
      {view.showNote ? (
        <div className={css({ mt: '4' })}>
          <TextField
            id="pay-note"
            label={t('publicPage.noteLabel')}
            value={note}
            onValueChange={(value) => send({ type: 'CHANGE_NOTE', value })}
            maxLength={NOTE_MAX_LENGTH}
            autoComplete="off"
          />
        </div>
      ) : null}
      {view.cards.length > 0 ? <PricePointCards cards={view.cards} send={send} /> : null}
      <button type="submit" className={`${button({ size: 'lg', fullWidth: true })} ${css({ mt: '6' })}`}>
        {purchase ? t('publicPage.payAmount', { amount: format.money(parseAmount(purchase.amount ?? '0') ?? 0) }) : t('publicPage.pay')}
      </button>
    </form>
  );
}

function AmountChoices({ selection, send }: { selection: PublicProfileContext['selection']; send: Send }) {
  const { t } = useTranslation('creators');
  const format = useFormat();
  return (
    <fieldset className={choices}>
      <legend className={sectionTitle}>{t('publicPage.amountsTitle')}</legend>
      {PRESET_AMOUNTS.map((amount) => (
        <label key={amount} className={choice}>
          <input
            type="radio"
            name="pay-choice"
            checked={selection?.kind === 'amount' && selection.amount === amount}
            onChange={() => send({ type: 'SELECT_AMOUNT', amount })}
          />
          {format.money(parseAmount(amount) ?? 0)}
        </label>
      ))}
      <label className={choice}>
        <input type="radio" name="pay-choice" checked={selection?.kind === 'custom'} onChange={() => send({ type: 'SELECT_CUSTOM' })} />
        {t('publicPage.custom')}
      </label>
    </fieldset>
  );
}

function PricePointCards({ cards, send }: { cards: StorefrontView['cards']; send: Send }) {
  const { t } = useTranslation('creators');
  const format = useFormat();
  return (
    <fieldset className={offers}>
      <legend className={sectionTitle}>{t('publicPage.pricePointsTitle')}</legend>
      {cards.map((offer) => {
        const price = format.money(offer.priceCents);
        const media = t(`mediaType.${offer.mediaType}`);
        const promise = t('publicPage.replyWithin', { hours: offer.replyWithinHours });
        return (
          <label key={offer.id} className={offerCard}>
            <input
              type="radio"
              name="pay-choice"
              className={offerRadio}
              aria-label={`${price} · ${offer.title} · ${media} · ${promise}`}
              checked={offer.selected}
              onChange={() => send({ type: 'SELECT_PRICE_POINT', id: offer.id })}
            />
            <span className={offerPrice}>{price}</span>
            <span className={offerTitle}>{offer.title}</span>
            <span className={offerMeta}>
              {media} · {promise}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
