import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { pickLocale } from '../i18n/translator';
import { OTP_TTL_MS } from './email-verification';

/**
 * The account emails (verification code, reset link), written in the caller's language. A message that could not
 * be sent does not undo the call: the user can ask again (resend, forgot).
 */
export function accountMail(services: Pick<Services, 'config' | 'mailer' | 'translator'>) {
  const { config, mailer, translator } = services;

  async function send(request: FastifyRequest, to: string, key: string, values: Record<string, unknown>): Promise<void> {
    const locale = pickLocale(request.query, request.headers['accept-language']);
    try {
      await mailer.send({
        to,
        subject: translator.t(locale, `emails:${key}.subject`, values),
        text: translator.t(locale, `emails:${key}.text`, values),
      });
    } catch (error) {
      request.log.error({ err: error, email: key }, 'email could not be sent');
    }
  }

  async function sendVerification(request: FastifyRequest, email: string, code: string): Promise<void> {
    const link = `${config.publicUrl}/verify-email?email=${encodeURIComponent(email)}&code=${code}`;
    await send(request, email, 'verify', { code, link, minutes: OTP_TTL_MS / 60_000 });
  }

  return { send, sendVerification };
}
