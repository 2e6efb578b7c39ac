import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { requestHash } from '../../../server/http/idempotency';

const hashOf = (body: unknown, url = '/api/app/user/u1/bank-account') =>
  requestHash({ method: 'PUT', url, body } as unknown as FastifyRequest);

describe('requestHash keeps no secret a copy of the database could recover', () => {
  it('a password, the current password or a CVV leaves no trace: two values hash alike', () => {
    expect(hashOf({ current_password: 'Correct-horse-1', bankName: 'Banco' })).toBe(hashOf({ current_password: 'hunter2!A', bankName: 'Banco' }));
    expect(hashOf({ email: 'a@b.co', password: 'Provider-pass-1', current_password: 'x' })).toBe(
      hashOf({ email: 'a@b.co', password: 'other', current_password: 'y' }),
    );
    expect(hashOf({ number: '4242424242424242', cvv: '123' })).toBe(hashOf({ number: '4242424242424242', cvv: '999' }));
  });

  it('a card number counts by its last four digits only', () => {
    expect(hashOf({ number: '4000056655665556' })).toBe(hashOf({ number: '5555555555555556' }));
    expect(hashOf({ number: '4242424242424242' })).not.toBe(hashOf({ number: '4242424242424243' }));
  });

  it('everything else still tells two requests apart, nested or not, in any key order', () => {
    expect(hashOf({ bankName: 'Banco', current_password: 'p' })).not.toBe(hashOf({ bankName: 'Otro', current_password: 'p' }));
    expect(hashOf({ a: 1, b: { c: 2 } })).toBe(hashOf({ b: { c: 2 }, a: 1 }));
    expect(hashOf({ a: 1 })).not.toBe(hashOf({ a: 1 }, '/api/app/user/u2/bank-account'));
  });
});
