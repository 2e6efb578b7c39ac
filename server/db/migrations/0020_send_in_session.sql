-- The HTTP send from balance with its caller's session check in the same statement (issue 11): one round trip per
-- send instead of two (the session read, then send_from_balance_keyed). The rules of server/auth/session-tokens.ts
-- and of the owner check in server/http/operations.ts hold as there, in the same order, before anything is written:
--   * a token whose hash is unknown, or whose session was revoked (logout, here or on any other instance), is
--     'unauthenticated' (401); one past its absolute end or idle for p_idle_ms is 'session_expired' (401);
--   * a live session of another user than the one the path names is 'not_yours' (404, as a route that does not
--     exist);
--   * last_seen_at is refreshed when it is older than p_touch_after_ms, as checkSession does; a refusal rolls that
--     back with everything else, so the server refreshes it on its own then (send-from-balance-keyed.ts).
-- The session row is read in this statement's snapshot, so a logout committed before the send starts is seen: no
-- cache anywhere. The timings come from the server (SESSION_IDLE_MS and the touch interval live in one place).
CREATE FUNCTION send_from_balance_in_session(
  p_token_hash text,
  p_idle_ms bigint,
  p_touch_after_ms bigint,
  p_operation_id text,
  p_key text,
  p_request_hash text,
  p_locale text,
  p_request_path text,
  p_payment_id uuid,
  p_sender uuid,
  p_receiver uuid,
  p_amount bigint,
  p_description text,
  p_status text,
  p_event text,
  p_now timestamptz,
  p_message_id uuid,
  p_message text,
  p_status_code integer,
  p_answer_pieces text[],
  p_names_order text
) RETURNS TABLE (replayed boolean, status_code integer, response_body text)
LANGUAGE plpgsql AS $$
DECLARE
  v_session record;
BEGIN
  SELECT s.user_id, s.last_seen_at, s.expires_at, s.revoked_at INTO v_session FROM sessions s
    WHERE s.token_hash = p_token_hash;
  IF NOT FOUND OR v_session.revoked_at IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'tipjar_refused:unauthenticated';
  END IF;
  IF p_now >= v_session.expires_at OR p_now >= v_session.last_seen_at + p_idle_ms * interval '1 millisecond' THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'tipjar_refused:session_expired';
  END IF;
  IF v_session.user_id <> p_sender THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'tipjar_refused:not_yours';
  END IF;
  IF p_now - v_session.last_seen_at >= p_touch_after_ms * interval '1 millisecond' THEN
    UPDATE sessions s SET last_seen_at = p_now WHERE s.token_hash = p_token_hash;
  END IF;

  RETURN QUERY SELECT k.replayed, k.status_code, k.response_body FROM send_from_balance_keyed(p_operation_id, p_key,
    p_request_hash, p_locale, p_request_path, p_payment_id, p_sender, p_receiver, p_amount, p_description, p_status,
    p_event, p_now, p_message_id, p_message, p_status_code, p_answer_pieces, p_names_order) AS k;
END;
$$;
