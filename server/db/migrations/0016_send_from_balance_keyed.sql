-- The whole HTTP send from balance in one statement (issue 11): the Idempotency-Key claim, the send
-- (send_from_balance, migration 0015) and the stored answer. A single statement is its own transaction, so the key,
-- the payment, its trail and the balanced entry still commit or roll back together, and the BEGIN, claim, store and
-- COMMIT round trips are gone (docs/performance.md). The rules of server/http/idempotency.ts hold as there:
--   * the key row is inserted first; a concurrent duplicate waits on the primary key until the first commits, then
--     finds the row and replays it (or inserts it, if the first rolled back);
--   * a replay with the same request hash returns the stored status and bytes; another hash is refused
--     ('idempotency_key_reused', 422); a key without an answer yet (a card send in flux) is 'idempotency_key_in_flux';
--   * a refusal (P0001 from send_from_balance) rolls back the key with everything else, so the caller may retry it;
--   * the answer is stored in the same transaction as the money, so a committed key always has its answer.
-- The answer's bytes are made by the server (server/payments/send-from-balance-keyed.ts), which cannot know the two
-- usernames before this statement reads them: it passes the body in three pieces, and the usernames (JSON-encoded
-- here) go between them in the order p_names_order says ('receiver,sender' or 'sender,receiver').
CREATE FUNCTION send_from_balance_keyed(
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
  v_claimed text;
  v_key record;
  v_names record;
  v_first text;
  v_second text;
  v_body text;
BEGIN
  INSERT INTO idempotency_keys (user_id, operation_id, idempotency_key, request_hash, created_at, locale, request_path)
    VALUES (p_sender, p_operation_id, p_key, p_request_hash, p_now, p_locale, p_request_path)
    ON CONFLICT DO NOTHING
    RETURNING idempotency_key INTO v_claimed;
  IF v_claimed IS NULL THEN
    SELECT k.request_hash, k.status_code, k.response_body INTO v_key FROM idempotency_keys k
      WHERE k.user_id = p_sender AND k.operation_id = p_operation_id AND k.idempotency_key = p_key
      FOR UPDATE;
    IF NOT FOUND OR v_key.status_code IS NULL OR v_key.response_body IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'tipjar_refused:idempotency_key_in_flux';
    END IF;
    IF v_key.request_hash <> p_request_hash THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'tipjar_refused:idempotency_key_reused';
    END IF;
    RETURN QUERY SELECT true, v_key.status_code, v_key.response_body;
    RETURN;
  END IF;

  SELECT * INTO v_names FROM send_from_balance(p_payment_id, p_sender, p_receiver, p_amount, 'balance', p_description,
    p_status, p_event, p_now, 'send', 'paid from balance', p_message_id, p_message);

  IF p_names_order = 'receiver,sender' THEN
    v_first := v_names.receiver_username;
    v_second := v_names.sender_username;
  ELSIF p_names_order = 'sender,receiver' THEN
    v_first := v_names.sender_username;
    v_second := v_names.receiver_username;
  ELSE
    RAISE EXCEPTION 'send_from_balance_keyed: unknown names order %', p_names_order;
  END IF;
  IF array_length(p_answer_pieces, 1) IS DISTINCT FROM 3 THEN
    RAISE EXCEPTION 'send_from_balance_keyed: the answer comes in 3 pieces, got %', array_length(p_answer_pieces, 1);
  END IF;
  v_body := p_answer_pieces[1] || coalesce(to_json(v_first)::text, 'null') || p_answer_pieces[2]
    || coalesce(to_json(v_second)::text, 'null') || p_answer_pieces[3];

  UPDATE idempotency_keys k SET status_code = p_status_code, response_body = v_body
    WHERE k.user_id = p_sender AND k.operation_id = p_operation_id AND k.idempotency_key = p_key;
  RETURN QUERY SELECT false, p_status_code, v_body;
END;
$$;
