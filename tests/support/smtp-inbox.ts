import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** One message as the SMTP server received it: the envelope, the parsed message and its raw source. */
export interface ReceivedMail {
  envelopeTo: string[];
  to: string;
  subject: string;
  text: string;
  messageId: string;
  raw: string;
}

/**
 * A real SMTP server in this process (smtp-server, the one nodemailer's own tests use) on a free loopback port,
 * keeping what it receives. `refuse` makes it answer every recipient with a temporary failure (451), as a mail
 * server that is overloaded or greylisting does; the sender must try again later.
 */
export interface SmtpInbox {
  url: string;
  received: ReceivedMail[];
  refuse: boolean;
  /** Recipients refused so far (each refusal is one delivery attempt that failed). */
  refusals: number;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const inbox: SmtpInbox = { url: '', received: [], refuse: false, refusals: 0, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (inbox.refuse) {
        inbox.refusals += 1;
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (mail) => {
            inbox.received.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              to: Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? ''),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              messageId: mail.messageId ?? '',
              raw: raw.toString('utf8'),
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  inbox.url = `smtp://127.0.0.1:${port}`;
  inbox.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return inbox;
}
