import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { createMailer } from '../../../server/providers/email/index';
import { loadConfig } from '../../../server/config';
import { systemClock } from '../../../server/clock';
import type { Db } from '../../../server/db/database';

/** A minimal SMTP server on the loopback address: enough of the protocol for nodemailer to hand over one message. */
function fakeSmtp(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let data = '';
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, received })));
}

describe('email over SMTP_URL (nodemailer)', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  beforeAll(async () => {
    smtp = await fakeSmtp();
  });
  afterAll(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));

  it('with SMTP_URL set, messages go to the SMTP server (and not to the outbox)', async () => {
    const config = loadConfig({ NODE_ENV: 'production', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Tipjar <hello@tipjar.example>' });
    const noDb = new Proxy({}, { get: () => { throw new Error('the outbox must not be used'); } }) as Db;
    const choice = createMailer(config, noDb, systemClock, () => {});
    expect(choice.kind).toBe('smtp');
    await choice.mailer.send({ to: 'ann@example.com', subject: 'Your Tipjar code: 123456', text: 'Your verification code is 123456.' });
    choice.close();
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0]!;
    expect(message).toMatch(/^From: Tipjar <hello@tipjar\.example>$/m);
    expect(message).toMatch(/^To: ann@example\.com$/m);
    expect(message).toMatch(/^Subject: Your Tipjar code: 123456$/m);
    expect(message).toContain('Your verification code is 123456.');
  });

  it('a keyed message (a notification) goes with a Message-ID made from its key, the same on every hand-over', async () => {
    const config = loadConfig({ NODE_ENV: 'production', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Tipjar <hello@tipjar.example>' });
    const choice = createMailer(config, {} as Db, systemClock, () => {});
    const message = { to: 'ann@example.com', subject: 'You received $5.00', text: 'See the payment.', key: 'notification-42' };
    const before = smtp.received.length;
    await choice.mailer.send(message);
    await choice.mailer.send(message);
    choice.close();
    const ids = smtp.received.slice(before).map((m) => /^Message-ID: (.*)$/im.exec(m)?.[1]);
    expect(ids).toEqual(['<notification-42@tipjar.example>', '<notification-42@tipjar.example>']);
  });

  it('without SMTP_URL the outbox is used', () => {
    const choice = createMailer(loadConfig({}), {} as Db, systemClock, () => {});
    expect(choice.kind).toBe('outbox');
  });
});
