-- Issue 23 item 3's open orders (listOpenOrders, GET /app/user/{userId}/orders/open): a creator's price-point payments
-- still `new` (the fan's money held until the creator replies or the hold expires), the nearest deadline first, and
-- their count. Read through payments_receiver_idx they cost the creator's whole received history (every payment to
-- them, read and filtered, then sorted): the partial index holds only the open orders, in the answer's order, so the
-- count is an index-only scan of a creator's open orders and the first 50 are read already sorted. The predicate is
-- the query's own (server/payments/views.ts openOrdersQueries). An order leaves the index when it leaves `new`.
CREATE INDEX payments_open_orders_idx ON payments (receiver_user_id, hold_expires_at, id) WHERE status = 'new' AND price_point_id IS NOT NULL;
