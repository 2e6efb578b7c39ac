import { randomUUID } from 'node:crypto';
import { buildApp } from '../../server/app';
import { systemClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { createUser, fundWallet, type TestUser } from '../../tests/support/money';

/**
 * The in-process send benches' common ground (pglite-cpu.ts, pglite-statements.ts, job-runner-cpu.ts): 200 funded
 * users on a migrated database, the app built on it without HTTP, and `send()`, one POST payment/send between two
 * random users through app.inject (201 or it throws). `services` are what the job runner takes.
 */
export async function inProcessSends(database: Database, prefix: string, mediaDir: string) {
  const now = new Date();
  const users: TestUser[] = [];
  for (let i = 0; i < 200; i++) {
    const user = await createUser(database, now, `${prefix}_${i}_${randomUUID().slice(0, 6)}`);
    await fundWallet(database, user.id, 1_000_000, now);
    users.push(user);
  }
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', MEDIA_DIR: mediaDir });
  const app = await buildApp({ config, database, clock: systemClock, webDir: null });
  await app.ready();
  const services = { database, clock: systemClock, mailer: app.mailer, publicUrl: 'http://localhost' };
  const pick = () => users[Math.floor(Math.random() * users.length)]!;
  const send = async () => {
    const sender = pick();
    let receiver = sender;
    while (receiver === sender) receiver = pick();
    const res = await app.inject({
      method: 'POST',
      url: `/api/app/user/${sender.id}/payment/send/`,
      headers: { authtoken: sender.token, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      payload: JSON.stringify({ receiverUserId: receiver.id, amount: '0.01', paymentMethodId: 'balance' }),
    });
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  };
  return { app, users, services, send };
}
