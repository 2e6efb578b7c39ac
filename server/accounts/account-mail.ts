import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import type { Locale } from '../../domain/product';
import { pickLocale } from '../i18n/translator';
import { formatDateTime } from '../i18n/format-date-time';
import { OTP_TTL_MS } from './email-verification';
import { deliverMail } from '../jobs/mail-delivery';

// The web app's help page (src/config/paths.ts HELP_PATH), where a security notice sends someone it surprised.
const HELP_PATH = '/help';

/**
 * The account emails (verification code, reset link), written in the caller's language, and the security notices
 * (issue 21), written in the account's stored language: they go whatever the notification preference says. A
 * message the mail server does not take at once does not fail the call: it is queued and sent again with backoff
 * (until its code or link expires, `validForMs`; jobs/mail-delivery.ts).
 */
export function accountMail(services: Pick<Services, 'config' | 'mailer' | 'translator' | 'database' | 'clock'>) {
  const { config, translator } = services;

  async function sendIn(
    request: FastifyRequest,
    locale: Locale,
    to: string,
    key: string,
    values: Record<string, unknown>,
    validForMs?: number,
  ): Promise<void> {
    const message = {
      to,
      subject: translator.t(locale, `emails:${key}.subject`, values),
      text: translator.t(locale, `emails:${key}.text`, values),
    };
    const notAfter = validForMs === undefined ? undefined : new Date(services.clock.now().getTime() + validForMs);
    const outcome = await deliverMail({ ...services, log: request.log }, message, notAfter ? { notAfter } : {});
    if (outcome === 'queued') request.log.warn({ email: key }, 'email queued for a retry');
  }

  const send = (request: FastifyRequest, to: string, key: string, values: Record<string, unknown>, validForMs?: number) =>
    sendIn(request, pickLocale(request.query, request.headers['accept-language']), to, key, values, validForMs);

  async function sendVerification(request: FastifyRequest, email: string, code: string): Promise<void> {
    const link = `${config.publicUrl}/verify-email?email=${encodeURIComponent(email)}&code=${code}`;
    await send(request, email, 'verify', { code, link, minutes: OTP_TTL_MS / 60_000 }, OTP_TTL_MS);
  }

  /**
   * A security notice to the account's own (current) address: what changed — named masked, never a secret —, when
   * (Intl, UTC), and where to get help. `dates` are written in the account's language too.
   */
  async function sendNotice(
    request: FastifyRequest,
    user: { email: string; language: Locale },
    key: 'email_change_notice' | 'bank_account_notice' | 'payout_account_notice',
    when: Date,
    values: Record<string, string>,
    dates: Record<string, Date> = {},
  ): Promise<void> {
    const written = Object.fromEntries(Object.entries(dates).map(([k, d]) => [k, formatDateTime(d, user.language)]));
    await sendIn(request, user.language, user.email, key, {
      ...values,
      ...written,
      when: formatDateTime(when, user.language),
      help: `${config.publicUrl}${HELP_PATH}`,
    });
  }

  return { send, sendVerification, sendNotice };
}
