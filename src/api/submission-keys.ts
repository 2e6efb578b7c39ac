/**
 * The Idempotency-Key of the creating calls (a request, a card, a price point, a contact, an invitation, an upload,
 * a profile picture). One key per intended creation: a retry of the same submission — the same operation with the
 * same body, after a lost answer, a timeout or a 5xx — sends the same key, so the server replays its first answer
 * instead of creating a second; once a submission has succeeded, the next one with the same body is a new creation
 * and gets a new key. A refusal frees the key on the server, so keeping it for the corrected retry is harmless.
 *
 * A JSON body is known by its content (keys sorted); a file by its identity (the File the screen holds on a retry).
 */
export interface SubmissionKeys {
  run<T>(operation: string, body: unknown, send: (key: string) => Promise<T>): Promise<T>;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.keys(value as object)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]);
  }
  return value;
}

export function submissionKeys(newKey: () => string = () => crypto.randomUUID()): SubmissionKeys {
  const byContent = new Map<string, string>();
  const byFile = new WeakMap<object, Map<string, string>>();
  const slot = (operation: string, body: unknown) => {
    if (typeof Blob !== 'undefined' && body instanceof Blob) {
      let keys = byFile.get(body);
      if (!keys) byFile.set(body, (keys = new Map()));
      return { map: keys, id: operation };
    }
    return { map: byContent, id: JSON.stringify([operation, canonical(body)]) };
  };
  return {
    async run(operation, body, send) {
      const { map, id } = slot(operation, body);
      let key = map.get(id);
      if (!key) map.set(id, (key = newKey()));
      const answer = await send(key);
      // Created: the same body again is another creation.
      if (map.get(id) === key) map.delete(id);
      return answer;
    },
  };
}

/** The app's keys, shared by every screen for as long as the page lives. */
export const creationKeys: SubmissionKeys = submissionKeys();
