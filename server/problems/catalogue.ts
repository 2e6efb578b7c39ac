import type { ProblemCode } from '../../domain/problem-code';

/** How one code is said: its HTTP status and its message (a locale key, `namespace:path` in locales/{en,es,pt}). */
interface Said {
  readonly status: number;
  readonly message: string;
}

/** A code's answer, and the other ways it is said where one code names a refusal in several places (`variants`). */
interface Problem extends Said {
  readonly variants?: Readonly<Record<string, Said>>;
}

/**
 * THE mapping from a refusal's code to its HTTP status and localised message: every code of the contract's
 * `ProblemCode` enum has exactly one entry (a missing or unknown code is a compile error;
 * tests/unit/server/problem-catalogue.test.ts checks each message exists in en, es and pt with its placeholders).
 * Services throw `DomainError(code)`; server/http/error-handler.ts renders it as problem+json with this status.
 *
 * It sits beside the domain error rather than inside server/http because the idempotency store renders answers
 * outside any request too: a card charge's outcome, learned by the `card_authorisation` job, is stored as the HTTP
 * answer the client's retry replays (server/wallet/answers.ts). docs/decisions.md "Domain errors".
 */
export const PROBLEMS = {
  account_closed: { status: 403, message: 'accounts:errors.account_closed' },
  account_has_balance: { status: 409, message: 'settings:errors.account_has_balance' },
  account_has_pending: { status: 409, message: 'settings:errors.account_has_pending' },
  amount_invalid: { status: 400, message: 'money:amount_invalid' },
  amount_not_positive: { status: 422, message: 'money:amount_not_positive' },
  // Any other 4xx the framework raises keeps its own status (server/http/error-handler.ts).
  bad_request: { status: 400, message: 'errors:invalid_request' },
  bank_account_missing: { status: 422, message: 'wallet:errors.bank_account_missing' },
  bank_info_mismatch: { status: 409, message: 'wallet:errors.bank_info_mismatch' },
  cannot_pay_yourself: { status: 422, message: 'money:cannot_pay_yourself' },
  card_amount_too_small: { status: 422, message: 'money:card_amount_too_small' },
  card_declined: { status: 402, message: 'wallet:errors.card_declined' },
  card_not_found: { status: 404, message: 'wallet:errors.card_not_found' },
  clock_fixed: { status: 409, message: 'errors:invalid_request' },
  contact_self: { status: 400, message: 'creators:errors.contact_self' },
  current_password_wrong: { status: 400, message: 'accounts:errors.current_password_wrong' },
  database_unreachable: { status: 503, message: 'errors:not_ready_database' },
  deposit_amount_out_of_range: { status: 422, message: 'wallet:errors.deposit_amount_out_of_range' },
  deposit_not_found: { status: 404, message: 'wallet:errors.deposit_not_found' },
  destination_not_open_yet: { status: 409, message: 'wallet:errors.destination_not_open_yet' },
  email_taken: {
    status: 409,
    message: 'accounts:errors.email_taken',
    // Verifying a new address that another account registered meanwhile.
    variants: { pending: { status: 409, message: 'accounts:errors.email_pending_taken' } },
  },
  email_unverified: { status: 403, message: 'wallet:errors.email_unverified' },
  file_too_large: { status: 413, message: 'wallet:errors.file_too_large' },
  forbidden: { status: 403, message: 'errors:forbidden' },
  hold_expired: { status: 409, message: 'money:hold_expired' },
  idempotency_key_in_flux: { status: 409, message: 'money:idempotency_key_in_flux' },
  idempotency_key_reused: {
    status: 422,
    message: 'money:idempotency_key_reused',
    // A creating operation's optional key ("a new request", not "a new payment").
    variants: { creation: { status: 422, message: 'errors:idempotency_key_reused' } },
  },
  insufficient_funds: { status: 422, message: 'money:insufficient_funds' },
  internal: { status: 500, message: 'errors:internal' },
  invalid_credentials: { status: 401, message: 'accounts:errors.invalid_credentials' },
  json_too_deep: { status: 400, message: 'errors:json_too_deep' },
  malformed_json: { status: 400, message: 'errors:malformed_json' },
  media_not_found: {
    status: 404,
    message: 'wallet:errors.media_not_found',
    // A body naming someone else's (or no) upload: the address exists, a field of the request is wrong — 422, as
    // the contract lists it for messages and claims. docs/decisions.md "Domain errors".
    variants: { notYours: { status: 422, message: 'wallet:errors.media_not_yours' } },
  },
  media_not_photo: { status: 422, message: 'settings:errors.media_not_photo' },
  media_type_mismatch: { status: 422, message: 'wallet:errors.media_type_mismatch' },
  media_type_unsupported: { status: 415, message: 'wallet:errors.media_type_unsupported' },
  message_empty: { status: 422, message: 'money:message_empty' },
  migrations_pending: { status: 503, message: 'errors:not_ready_migrations' },
  not_acceptable: { status: 406, message: 'errors:not_acceptable' },
  not_found: { status: 404, message: 'errors:not_found' },
  otp_already_used: { status: 409, message: 'accounts:errors.otp_already_used' },
  // The email code by default; `phone`: the code texted to a phone ("the text we sent").
  otp_expired: { status: 410, message: 'accounts:errors.otp_expired', variants: { phone: { status: 410, message: 'people:errors.code_expired' } } },
  otp_invalid: { status: 400, message: 'accounts:errors.otp_invalid', variants: { phone: { status: 400, message: 'people:errors.code_invalid' } } },
  otp_locked: { status: 410, message: 'accounts:errors.otp_locked', variants: { phone: { status: 410, message: 'people:errors.code_locked' } } },
  page_range_invalid: { status: 400, message: 'money:page_range_invalid' },
  payload_too_large: { status: 413, message: 'errors:payload_too_large' },
  payment_action_not_allowed: { status: 409, message: 'money:payment_action_not_allowed' },
  payment_does_not_match_price: { status: 422, message: 'money:payment_does_not_match_price' },
  payment_does_not_match_request: { status: 422, message: 'money:payment_does_not_match_request' },
  payment_method_choice_invalid: { status: 400, message: 'money:payment_method_choice_invalid' },
  payment_method_not_found: { status: 422, message: 'money:payment_method_not_found' },
  payment_not_found: { status: 404, message: 'money:payment_not_found' },
  payment_target_ambiguous: { status: 422, message: 'money:payment_target_ambiguous' },
  payout_account_invalid_credentials: { status: 422, message: 'wallet:errors.payout_account_invalid_credentials' },
  payout_account_missing: { status: 422, message: 'wallet:errors.payout_account_missing' },
  payout_account_not_activated: { status: 422, message: 'wallet:errors.payout_account_not_activated' },
  phone_not_verified: { status: 409, message: 'people:errors.phone_not_verified' },
  phone_taken: { status: 409, message: 'people:errors.phone_taken' },
  price_point_not_found: { status: 404, message: 'money:price_point_not_found' },
  price_points_limit: { status: 409, message: 'creators:errors.price_points_limit' },
  profile_not_found: { status: 404, message: 'creators:errors.profile_not_found' },
  provider_unavailable: { status: 503, message: 'wallet:errors.provider_unavailable' },
  reauthentication_required: { status: 403, message: 'accounts:errors.reauthentication_required' },
  reminder_too_soon: { status: 429, message: 'money:reminder_too_soon' },
  request_amount_too_large: { status: 422, message: 'money:request_amount_too_large' },
  reset_link_expired: { status: 410, message: 'accounts:errors.reset_link_expired' },
  reset_link_invalid: { status: 400, message: 'accounts:errors.reset_link_invalid' },
  reset_link_used: { status: 410, message: 'accounts:errors.reset_link_used' },
  route_not_found: { status: 404, message: 'errors:route_not_found' },
  sandbox_unavailable: { status: 409, message: 'wallet:errors.sandbox_unavailable' },
  search_too_short: { status: 400, message: 'payments:errors.search_too_short' },
  service_unavailable: { status: 503, message: 'errors:service_unavailable' },
  session_expired: { status: 401, message: 'errors:session_expired' },
  set_up_done: { status: 409, message: 'accounts:errors.set_up_done' },
  set_up_required: { status: 403, message: 'errors:set_up_required' },
  sms_unavailable: { status: 503, message: 'people:errors.sms_unavailable' },
  statement_month_not_past: { status: 422, message: 'money:statement_month_not_past' },
  statement_time_zone_invalid: { status: 422, message: 'money:statement_time_zone_invalid' },
  summary_time_zone_invalid: { status: 422, message: 'money:summary_time_zone_invalid' },
  supporter_not_found: { status: 404, message: 'creators:errors.supporter_not_found' },
  too_many_attempts: {
    status: 429,
    message: 'accounts:errors.too_many_attempts',
    // The wait said as people say it: "in a minute", "in 5 hours", not "in 1 minutes" or "in 300 minutes".
    variants: {
      minute: { status: 429, message: 'errors:too_many_attempts_minute' },
      hours: { status: 429, message: 'errors:too_many_attempts_hours' },
    },
  },
  too_many_event_streams: { status: 429, message: 'errors:too_many_event_streams' },
  too_many_requests: { status: 429, message: 'errors:too_many_requests' },
  unauthenticated: { status: 401, message: 'errors:unauthenticated' },
  unsupported_media_type: { status: 415, message: 'errors:unsupported_media_type' },
  usdt_transfer_unknown: { status: 404, message: 'wallet:errors.usdt_transfer_unknown' },
  user_not_found: {
    status: 404,
    message: 'money:user_not_found',
    // The caller's own account (gone or closed under them), not a person they named.
    variants: { account: { status: 404, message: 'accounts:errors.user_not_found' } },
  },
  username_taken: { status: 409, message: 'accounts:errors.username_taken' },
  validation_failed: { status: 400, message: 'errors:validation_failed' },
  withdrawal_above_balance: { status: 422, message: 'wallet:errors.withdrawal_above_balance' },
  withdrawal_amount_out_of_range: { status: 422, message: 'wallet:errors.withdrawal_amount_out_of_range' },
  withdrawal_not_cancellable: { status: 409, message: 'wallet:errors.withdrawal_not_cancellable' },
  withdrawal_not_found: { status: 404, message: 'wallet:errors.withdrawal_not_found' },
  wrong_password: { status: 403, message: 'accounts:errors.wrong_password' },
} as const satisfies Record<ProblemCode, Problem>;

/** The names of a code's other messages (never for a code said one way only). */
export type MessageVariant<C extends ProblemCode> = (typeof PROBLEMS)[C] extends { variants: infer V } ? keyof V & string : never;

/** The status and message of a code, in the variant asked for (else the code's own). */
export function problemOf(code: ProblemCode, variant?: string): Said {
  const problem: Problem = PROBLEMS[code];
  if (variant === undefined) return problem;
  const said = problem.variants?.[variant];
  if (!said) throw new Error(`problem ${code} has no variant ${variant}`);
  return said;
}
