import { randomUUID } from 'node:crypto';
import { cardBrandOf, cardExpired, luhnValid } from '../../../domain/rules/card-rules';
import { CARD_HOLD_MS } from '../../../domain/limits';
import type { Authorisation, Capture, CardDetails, CardProvider, CardValidation, DeclineCode, VoidResult } from '../card';
import type { SandboxStore } from './store';

/**
 * The sandbox card processor: a processor's test mode. Magic numbers (docs/money.md "Providers"):
 *
 * | number | adding the card (no charge) | charging it |
 * | --- | --- | --- |
 * | 4242 4242 4242 4242 | valid | authorised, captured |
 * | 4000 0000 0000 0002 | declined (`generic_decline`) | — |
 * | 4000 0000 0000 9995 | valid | declined, `insufficient_funds` |
 * | 4000 0000 0000 0341 | valid | declined, `generic_decline` |
 * | any other Luhn-valid number | valid | authorised, captured |
 *
 * An expired card is declined (`expired_card`); a number failing Luhn is `incorrect_number`. Authorisations lapse
 * 72 hours after they were made (`CARD_HOLD_HOURS`, by the server's clock, which tests move): capturing later is
 * refused (`authorisation_expired`). Every call is idempotent by its key. The number and CVV are never stored, not
 * even here: a token remembers only how the test card behaves.
 */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  declinedOnCharge: '4000000000000341',
} as const;

type Behaviour = 'ok' | 'insufficient_funds' | 'decline_on_charge';
interface TokenRecord {
  behaviour: Behaviour;
  expMonth: number;
  expYear: number;
}
interface AuthorisationRecord {
  token: string;
  amountCents: number;
  status: 'authorised' | 'captured' | 'voided' | 'declined';
  declineCode?: DeclineCode;
  expiresAt: string;
  captureKey?: string;
}


export class SandboxCardProvider implements CardProvider {
  constructor(private readonly store: SandboxStore) {}

  async validate(card: CardDetails): Promise<CardValidation> {
    if (!/^\d{15,16}$/.test(card.number) || !luhnValid(card.number)) return { outcome: 'declined', code: 'incorrect_number' };
    if (card.number === SANDBOX_CARDS.declined) return { outcome: 'declined', code: 'generic_decline' };
    if (cardExpired(card.expMonth, card.expYear, this.store.clock.now())) return { outcome: 'declined', code: 'expired_card' };
    const behaviour: Behaviour =
      card.number === SANDBOX_CARDS.insufficientFunds ? 'insufficient_funds' : card.number === SANDBOX_CARDS.declinedOnCharge ? 'decline_on_charge' : 'ok';
    const token = `tok_sbx_${randomUUID().replaceAll('-', '')}`;
    await this.store.create<TokenRecord>('card_token', token, { behaviour, expMonth: card.expMonth, expYear: card.expYear });
    return {
      outcome: 'valid',
      token,
      brand: cardBrandOf(card.number),
      last4: card.number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  }

  async authorise(input: { token: string; amountCents: number; idempotencyKey: string }): Promise<Authorisation> {
    const token = await this.store.get<TokenRecord>(input.token);
    const now = this.store.clock.now();
    let record: AuthorisationRecord;
    if (!token) record = this.declined(input, 'invalid_token', now);
    else if (cardExpired(token.expMonth, token.expYear, now)) record = this.declined(input, 'expired_card', now);
    else if (token.behaviour === 'insufficient_funds') record = this.declined(input, 'insufficient_funds', now);
    else if (token.behaviour === 'decline_on_charge') record = this.declined(input, 'generic_decline', now);
    else {
      record = { token: input.token, amountCents: input.amountCents, status: 'authorised', expiresAt: new Date(now.getTime() + CARD_HOLD_MS).toISOString() };
    }
    // The first answer for this key wins, whatever was decided now.
    const stored = await this.store.create<AuthorisationRecord>('card_authorisation', `auth_sbx_${randomUUID().replaceAll('-', '')}`, record, input.idempotencyKey);
    if (stored.data.status === 'declined') return { outcome: 'declined', code: stored.data.declineCode ?? 'generic_decline' };
    return { outcome: 'authorised', reference: stored.id, expiresAt: new Date(stored.data.expiresAt) };
  }

  private declined(input: { token: string; amountCents: number }, code: DeclineCode, now: Date): AuthorisationRecord {
    return { token: input.token, amountCents: input.amountCents, status: 'declined', declineCode: code, expiresAt: now.toISOString() };
  }

  async capture(input: { reference: string; amountCents: number; idempotencyKey: string }): Promise<Capture> {
    const result = await this.store.change<AuthorisationRecord, Capture>(input.reference, (auth, now) => {
      if (auth.status === 'captured') return { result: { outcome: 'captured' } };
      if (auth.status === 'voided') return { result: { outcome: 'refused', code: 'authorisation_voided' } };
      if (auth.status !== 'authorised') return { result: { outcome: 'refused', code: 'unknown_authorisation' } };
      if (now.getTime() >= Date.parse(auth.expiresAt)) return { result: { outcome: 'refused', code: 'authorisation_expired' } };
      if (input.amountCents > auth.amountCents) return { result: { outcome: 'refused', code: 'amount_too_large' } };
      return { data: { ...auth, status: 'captured', captureKey: input.idempotencyKey }, result: { outcome: 'captured' } };
    });
    return result ?? { outcome: 'refused', code: 'unknown_authorisation' };
  }

  async void(input: { reference: string; idempotencyKey: string }): Promise<VoidResult> {
    const result = await this.store.change<AuthorisationRecord, VoidResult>(input.reference, (auth) => {
      if (auth.status === 'captured') return { result: { outcome: 'refused', code: 'already_captured' } };
      if (auth.status === 'voided') return { result: { outcome: 'voided' } };
      return { data: { ...auth, status: 'voided' }, result: { outcome: 'voided' } };
    });
    return result ?? { outcome: 'refused', code: 'unknown_authorisation' };
  }
}
