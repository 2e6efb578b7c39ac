-- The set-up gate on the hot path (issue 21, spec §6): only a user with a complete profile (verified email, username,
-- country and full name: domain/session-user.ts needsSetUp) may send, and only such a user may be paid. The plain
-- send checks both inside its one statement, so the gate costs no round trip: the sender's refusal is
-- 'set_up_required' (403, as the operation registry answers it elsewhere), an incomplete receiver is
-- 'user_not_found' (404, as if they did not exist). Otherwise the function is migration 0015's, unchanged.
CREATE OR REPLACE FUNCTION send_from_balance(
  p_payment_id uuid,
  p_sender uuid,
  p_receiver uuid,
  p_amount bigint,
  p_method text,
  p_description text,
  p_status text,
  p_event text,
  p_now timestamptz,
  p_reason_created text,
  p_reason_transition text,
  p_message_id uuid,
  p_message text
) RETURNS TABLE (sender_username text, receiver_username text)
LANGUAGE plpgsql AS $$
DECLARE
  v_sender record;
  v_receiver record;
  v_account record;
  v_sender_account bigint;
  v_receiver_account bigint;
  v_sender_balance bigint;
  v_entry bigint;
BEGIN
  -- Money moves only for active users with a complete profile: a verified email and a finished set-up (the gate of
  -- server/security/set-up-gate.ts, which every other marked operation passes before its handler).
  SELECT u.username, u.email_status, u.account_status, u.country, u.full_name INTO v_sender FROM users u WHERE u.id = p_sender;
  IF NOT FOUND OR v_sender.account_status <> 'active' OR v_sender.email_status <> 'verified'
      OR v_sender.username IS NULL OR v_sender.country IS NULL OR v_sender.full_name IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'tipjar_refused:set_up_required';
  END IF;
  -- The receiver must be an active user with a complete profile, or is answered as one that does not exist
  -- (requireCounterparty in server/payments/service.ts).
  SELECT u.username INTO v_receiver FROM users u WHERE u.id = p_receiver AND u.account_status = 'active'
    AND u.email_status = 'verified' AND u.username IS NOT NULL AND u.country IS NOT NULL AND u.full_name IS NOT NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'tipjar_refused:user_not_found';
  END IF;

  INSERT INTO payments (id, kind, status, sender_user_id, receiver_user_id, created_by_user_id, amount_cents, fee_cents,
      payment_method_id, description, created_at, updated_at)
    VALUES (p_payment_id, 'send', p_status, p_sender, p_receiver, p_sender, p_amount, 0, p_method, p_description, p_now, p_now);
  INSERT INTO payment_events (payment_id, from_status, to_status, event, actor_user_id, reason, occurred_at) VALUES
    (p_payment_id, NULL, 'created', 'CREATE', p_sender, p_reason_created, p_now),
    (p_payment_id, 'created', p_status, p_event, p_sender, p_reason_transition, p_now);
  IF p_message IS NOT NULL THEN
    INSERT INTO payment_messages (id, payment_id, sender_user_id, receiver_user_id, message, media_id, payment_triggered, created_at)
      VALUES (p_message_id, p_payment_id, p_sender, p_receiver, p_message, NULL, true, p_now);
  END IF;

  -- A wallet is made at a user's first movement of money, before any lock is taken.
  IF (SELECT count(*) FROM ledger_accounts a WHERE a.kind = 'user_wallet' AND a.user_id IN (p_sender, p_receiver)) < 2 THEN
    INSERT INTO ledger_accounts (kind, user_id, created_at)
      SELECT 'user_wallet', w.user_id, p_now FROM (VALUES (p_sender), (p_receiver)) AS w(user_id)
      ON CONFLICT (user_id, kind) DO NOTHING;
  END IF;

  -- One locking statement in account-id order.
  FOR v_account IN
    SELECT a.id, a.user_id, a.balance_cents FROM ledger_accounts a
    WHERE a.kind = 'user_wallet' AND a.user_id IN (p_sender, p_receiver)
    ORDER BY a.id FOR UPDATE
  LOOP
    IF v_account.user_id = p_sender THEN
      v_sender_account := v_account.id;
      v_sender_balance := v_account.balance_cents;
    ELSE
      v_receiver_account := v_account.id;
    END IF;
  END LOOP;

  -- The rule a user's money lives by, decided under the locks: no wallet below zero.
  IF v_sender_balance < p_amount THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'tipjar_refused:insufficient_funds',
      DETAIL = format('%s cents available, %s needed', v_sender_balance, p_amount);
  END IF;

  INSERT INTO journal_entries (kind, payment_id, description, created_at)
    VALUES ('transfer', p_payment_id, NULL, p_now) RETURNING id INTO v_entry;
  INSERT INTO postings (entry_id, account_id, amount_cents) VALUES
    (v_entry, v_sender_account, -p_amount),
    (v_entry, v_receiver_account, p_amount);
  UPDATE ledger_accounts a SET balance_cents = a.balance_cents + d.delta
    FROM (VALUES (v_sender_account, -p_amount), (v_receiver_account, p_amount)) AS d(id, delta)
    WHERE a.id = d.id;

  RETURN QUERY SELECT v_sender.username, v_receiver.username;
END;
$$;
