/**
 * The Idempotency-Key of one intended payment. Derived from the screen's own random id and the exact body, so a
 * retry of the same payment (the answer was lost) reuses the key and can never pay twice, while a payment changed
 * after going back (another amount, another card) gets a new key instead of the server's "key reused" refusal.
 * Pure, so the machine stays free of randomness: the randomness is the flow id the host gives it.
 */
export function idempotencyKeyFor(flowId: string, body: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.keys(body).sort().map((k) => [k, body[k]]));
  return `${flowId}.${hash53(canonical).toString(36)}`;
}

/** cyrb53: a fast 53-bit string hash (public domain); collisions within one screen's few bodies are negligible. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
