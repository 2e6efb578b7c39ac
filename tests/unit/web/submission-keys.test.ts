import { describe, expect, it } from 'vitest';
import { submissionKeys } from '../../../src/api/submission-keys';

describe('submission keys of the creating calls', () => {
  const keys = () => {
    let n = 0;
    return submissionKeys(() => `k${++n}`);
  };
  const fail = () => Promise.reject(new Error('answer lost'));

  it('a retry of the same body after a failure sends the same key; after a success the same body gets a new key', async () => {
    const k = keys();
    const sent: string[] = [];
    await expect(k.run('addContact', { contactUserId: 'u1' }, (key) => (sent.push(key), fail()))).rejects.toThrow();
    await k.run('addContact', { contactUserId: 'u1' }, async (key) => sent.push(key));
    await k.run('addContact', { contactUserId: 'u1' }, async (key) => sent.push(key));
    expect(sent).toEqual(['k1', 'k1', 'k2']);
  });

  it('another body or another operation is another submission; key order does not matter', async () => {
    const k = keys();
    const sent: string[] = [];
    await expect(k.run('requestPayment', { amount: '4.00', to: 'b' }, (key) => (sent.push(key), fail()))).rejects.toThrow();
    await expect(k.run('requestPayment', { amount: '5.00', to: 'b' }, (key) => (sent.push(key), fail()))).rejects.toThrow();
    await expect(k.run('addPricePoint', { amount: '4.00', to: 'b' }, (key) => (sent.push(key), fail()))).rejects.toThrow();
    await expect(k.run('requestPayment', { to: 'b', amount: '4.00' }, (key) => (sent.push(key), fail()))).rejects.toThrow();
    expect(sent).toEqual(['k1', 'k2', 'k3', 'k1']);
  });

  it('a file is known by its identity: the same File retried keeps its key, another File with the same bytes does not', async () => {
    const k = keys();
    const sent: string[] = [];
    const photo = new Blob(['abc'], { type: 'image/png' });
    const twin = new Blob(['abc'], { type: 'image/png' });
    await expect(k.run('uploadMedia', photo, (key) => (sent.push(key), fail()))).rejects.toThrow();
    await k.run('uploadMedia', photo, async (key) => sent.push(key));
    await k.run('uploadMedia', twin, async (key) => sent.push(key));
    expect(sent).toEqual(['k1', 'k1', 'k2']);
  });
});
