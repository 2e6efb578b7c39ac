import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { databaseKinds, type FreshDatabase } from '../support/databases';
import { OffsetClock } from '../../server/clock';
import { createProviders, type Providers } from '../../server/providers/index';
import { SANDBOX_CARDS } from '../../server/providers/sandbox/card';
import { SANDBOX_USDT_BLOCK_MS, USDT_REQUIRED_CONFIRMATIONS } from '../../server/providers/sandbox/usdt';
import { SANDBOX_PAYOUT_SETTLE_MS } from '../../server/providers/sandbox/payouts';
import type { CardDetails } from '../../server/providers/card';

const HOUR = 60 * 60 * 1000;

/** The sandbox providers' documented magic values (docs/money.md "Providers"), against their database state. */
describe.each(databaseKinds())('sandbox providers on $name', (kind) => {
  let fresh: FreshDatabase;
  let providers: Providers;
  let mediaDir: string;
  const clock = new OffsetClock();
  const card = (number: string, extra: Partial<CardDetails> = {}): CardDetails => ({
    number,
    expMonth: 12,
    expYear: clock.now().getUTCFullYear() + 2,
    cvv: '123',
    nameOnCard: 'Ann Lee',
    country: 'US',
    postalCode: '94107',
    ...extra,
  });

  beforeAll(async () => {
    fresh = await kind.open();
    mediaDir = mkdtempSync(join(tmpdir(), 'tipjar-providers-'));
    providers = createProviders({ database: fresh.database, clock, mediaDir });
  });
  afterAll(async () => {
    await fresh.dispose();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  describe('card processor', () => {
    it('4242 4242 4242 4242 is valid (no charge), authorised and captured; the token carries no number', async () => {
      const v = await providers.card.validate(card(SANDBOX_CARDS.success));
      expect(v).toMatchObject({ outcome: 'valid', brand: 'visa', last4: '4242' });
      if (v.outcome !== 'valid') throw new Error('unreachable');
      expect(v.token).not.toContain('4242');
      const key = randomUUID();
      const auth = await providers.card.authorise({ token: v.token, amountCents: 52_50, idempotencyKey: key });
      expect(auth.outcome).toBe('authorised');
      if (auth.outcome !== 'authorised') throw new Error('unreachable');
      expect(auth.expiresAt.getTime() - clock.now().getTime()).toBeGreaterThan(72 * HOUR - 60_000);
      // The same key answers the same authorisation (a retry after a crash does not authorise twice).
      expect(await providers.card.authorise({ token: v.token, amountCents: 52_50, idempotencyKey: key })).toEqual(auth);
      expect(await providers.card.capture({ reference: auth.reference, amountCents: 52_50, idempotencyKey: `${key}:c` })).toEqual({ outcome: 'captured' });
      expect(await providers.card.capture({ reference: auth.reference, amountCents: 52_50, idempotencyKey: `${key}:c` })).toEqual({ outcome: 'captured' });
      expect(await providers.card.void({ reference: auth.reference, idempotencyKey: `${key}:v` })).toEqual({ outcome: 'refused', code: 'already_captured' });
    });

    it('4000 0000 0000 0002 is declined when added', async () => {
      expect(await providers.card.validate(card(SANDBOX_CARDS.declined))).toEqual({ outcome: 'declined', code: 'generic_decline' });
    });

    it('4000 0000 0000 9995 is added, then declined for insufficient funds when charged', async () => {
      const v = await providers.card.validate(card(SANDBOX_CARDS.insufficientFunds));
      expect(v.outcome).toBe('valid');
      if (v.outcome !== 'valid') throw new Error('unreachable');
      expect(await providers.card.authorise({ token: v.token, amountCents: 100, idempotencyKey: randomUUID() })).toEqual({
        outcome: 'declined',
        code: 'insufficient_funds',
      });
    });

    it('4000 0000 0000 0341 is added, then declined when charged', async () => {
      const v = await providers.card.validate(card(SANDBOX_CARDS.declinedOnCharge));
      if (v.outcome !== 'valid') throw new Error('expected a valid card');
      expect(await providers.card.authorise({ token: v.token, amountCents: 100, idempotencyKey: randomUUID() })).toEqual({
        outcome: 'declined',
        code: 'generic_decline',
      });
    });

    it('a number failing Luhn and an expired card are declined; an unknown token too', async () => {
      expect(await providers.card.validate(card('4242424242424241'))).toEqual({ outcome: 'declined', code: 'incorrect_number' });
      expect(await providers.card.validate(card(SANDBOX_CARDS.success, { expYear: 2020 }))).toEqual({ outcome: 'declined', code: 'expired_card' });
      expect(await providers.card.authorise({ token: 'tok_nope', amountCents: 1, idempotencyKey: randomUUID() })).toEqual({
        outcome: 'declined',
        code: 'invalid_token',
      });
    });

    it('an authorisation lapses after 72 hours: captured at 72 h − 1 s, refused at 72 h + 1 s; a voided one is not captured', async () => {
      const v = await providers.card.validate(card(SANDBOX_CARDS.success));
      if (v.outcome !== 'valid') throw new Error('expected a valid card');
      const early = await providers.card.authorise({ token: v.token, amountCents: 10_00, idempotencyKey: randomUUID() });
      const late = await providers.card.authorise({ token: v.token, amountCents: 10_00, idempotencyKey: randomUUID() });
      const voided = await providers.card.authorise({ token: v.token, amountCents: 10_00, idempotencyKey: randomUUID() });
      if (early.outcome !== 'authorised' || late.outcome !== 'authorised' || voided.outcome !== 'authorised') throw new Error('expected authorisations');
      expect(await providers.card.void({ reference: voided.reference, idempotencyKey: 'v1' })).toEqual({ outcome: 'voided' });
      expect(await providers.card.void({ reference: voided.reference, idempotencyKey: 'v1' })).toEqual({ outcome: 'voided' });
      expect(await providers.card.capture({ reference: voided.reference, amountCents: 10_00, idempotencyKey: 'c0' })).toEqual({
        outcome: 'refused',
        code: 'authorisation_voided',
      });
      expect(await providers.card.capture({ reference: early.reference, amountCents: 10_01, idempotencyKey: 'c1' })).toEqual({
        outcome: 'refused',
        code: 'amount_too_large',
      });
      const base = clock.offset;
      clock.setOffset(base + (early.expiresAt.getTime() - clock.now().getTime()) - 1_000);
      expect(await providers.card.capture({ reference: early.reference, amountCents: 10_00, idempotencyKey: 'c2' })).toEqual({ outcome: 'captured' });
      clock.setOffset(clock.offset + 2_000);
      expect(await providers.card.capture({ reference: late.reference, amountCents: 10_00, idempotencyKey: 'c3' })).toEqual({
        outcome: 'refused',
        code: 'authorisation_expired',
      });
    });
  });

  describe('USDT network', () => {
    it('one TRON-shaped address per user, the same every time', async () => {
      const user = randomUUID();
      const a = await providers.usdt.depositAddress(user);
      expect(a).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(await providers.usdt.depositAddress(user)).toBe(a);
      expect(await providers.usdt.depositAddress(randomUUID())).not.toBe(a);
    });

    it(`a transfer gains a confirmation every 3 s and is final at ${USDT_REQUIRED_CONFIRMATIONS}`, async () => {
      const address = await providers.usdt.depositAddress(randomUUID());
      const tx = await providers.sandbox!.usdt.simulateTransfer(address, 25_00);
      expect(await providers.usdt.transfer(tx)).toMatchObject({ address, amountCents: 25_00, confirmations: 0, state: 'pending' });
      clock.setOffset(clock.offset + SANDBOX_USDT_BLOCK_MS * 5);
      expect((await providers.usdt.transfer(tx))!.confirmations).toBeGreaterThanOrEqual(5);
      clock.setOffset(clock.offset + SANDBOX_USDT_BLOCK_MS * USDT_REQUIRED_CONFIRMATIONS);
      expect(await providers.usdt.transfer(tx)).toMatchObject({ state: 'confirmed' });
      expect(await providers.usdt.transfer('f'.repeat(64))).toBeNull();
    });

    it('an amount ending in .66 is dropped after its first block', async () => {
      const address = await providers.usdt.depositAddress(randomUUID());
      const tx = await providers.sandbox!.usdt.simulateTransfer(address, 10_66);
      expect((await providers.usdt.transfer(tx))!.state).toBe('pending');
      clock.setOffset(clock.offset + SANDBOX_USDT_BLOCK_MS);
      expect(await providers.usdt.transfer(tx)).toMatchObject({ state: 'dropped', confirmations: 0 });
    });
  });

  describe('payouts', () => {
    const bank = (accountNumber: string) =>
      ({ kind: 'bank_account', holderName: 'Ann Lee', bankCountry: 'US', bankName: 'Chase', accountType: 'checking', accountNumber }) as const;

    it('a payout is accepted once per key and settles 30 minutes later: paid; ending 0000 fails; ending 1111 is rejected', async () => {
      const key = randomUUID();
      const ok = await providers.payouts.submit({ idempotencyKey: key, amountCents: 50_00, destination: bank('000123456789') });
      expect(ok.outcome).toBe('accepted');
      expect(await providers.payouts.submit({ idempotencyKey: key, amountCents: 50_00, destination: bank('000123456789') })).toEqual(ok);
      const fails = await providers.payouts.submit({ idempotencyKey: randomUUID(), amountCents: 50_00, destination: bank('123450000') });
      const rejected = await providers.payouts.submit({ idempotencyKey: randomUUID(), amountCents: 50_00, destination: bank('123451111') });
      if (ok.outcome !== 'accepted' || fails.outcome !== 'accepted' || rejected.outcome !== 'accepted') throw new Error('expected acceptance');
      expect(await providers.payouts.status(ok.reference)).toEqual({ state: 'pending' });
      clock.setOffset(clock.offset + SANDBOX_PAYOUT_SETTLE_MS);
      expect(await providers.payouts.status(ok.reference)).toEqual({ state: 'paid' });
      expect(await providers.payouts.status(fails.reference)).toEqual({ state: 'failed', code: 'account_closed' });
      expect(await providers.payouts.status(rejected.reference)).toEqual({ state: 'rejected', code: 'compliance_rejected' });
    });

    it("linking: an email containing 'inactive' is not activated; 'wrong-password' is refused; a linked account's bank number decides its payouts", async () => {
      expect(await providers.payouts.linkAccount({ email: 'inactive.ann@example.com', password: 'x', bankAccountNumber: '1234' })).toEqual({
        outcome: 'not_activated',
      });
      expect(await providers.payouts.linkAccount({ email: 'ann@example.com', password: 'wrong-password', bankAccountNumber: '1234' })).toEqual({
        outcome: 'invalid_credentials',
      });
      const linked = await providers.payouts.linkAccount({ email: 'ann@example.com', password: 'Secret1!', bankAccountNumber: '99990000' });
      if (linked.outcome !== 'linked') throw new Error('expected a link');
      const again = await providers.payouts.linkAccount({ email: 'ANN@example.com', password: 'Secret1!', bankAccountNumber: '99990000' });
      expect(again).toEqual(linked);
      const payout = await providers.payouts.submit({
        idempotencyKey: randomUUID(),
        amountCents: 30_00,
        destination: { kind: 'payout_account', providerAccountId: linked.accountId, email: 'ann@example.com' },
      });
      if (payout.outcome !== 'accepted') throw new Error('expected acceptance');
      clock.setOffset(clock.offset + SANDBOX_PAYOUT_SETTLE_MS);
      expect(await providers.payouts.status(payout.reference)).toEqual({ state: 'failed', code: 'account_closed' });
      expect(await providers.payouts.submit({ idempotencyKey: randomUUID(), amountCents: 1, destination: { kind: 'payout_account', providerAccountId: 'pa_nope', email: 'x@y.z' } })).toEqual({
        outcome: 'refused',
        code: 'unknown_account',
      });
    });
  });

  describe('media storage (local disk)', () => {
    it('stores under server-made keys only, all or nothing', async () => {
      const key = randomUUID();
      await providers.media.save(key, Readable.from([Buffer.from('hello')]));
      const file = await providers.media.open(key);
      expect(file?.size).toBe(5);
      const chunks: Buffer[] = [];
      for await (const c of file!.stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('hello');
      await expect(providers.media.save('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow(/not a media storage key/);
      await expect(providers.media.open('a/../../etc/passwd')).rejects.toThrow(/not a media storage key/);
      const broken = randomUUID();
      const failing = new Readable({
        read() {
          this.destroy(new Error('connection reset'));
        },
      });
      await expect(providers.media.save(broken, failing)).rejects.toThrow('connection reset');
      expect(await providers.media.open(broken)).toBeNull();
      await providers.media.remove(key);
      expect(await providers.media.open(key)).toBeNull();
    });
  });
});
