-- activity_page (migration 0032) returns one page range: 20 rows a page, one page a call in the app. Declared without
-- ROWS, PostgreSQL takes a set-returning function for 1,000 rows, and the list's statement, which joins those rows to
-- payments and users, was planned for 1,000: a hash join over a sequential scan of the whole payments table whenever
-- the table was small enough for that to look cheaper than 1,000 probes of its primary key (about 10,000 payments
-- here). On a 10,000-payment history each page then read every payment: 3.5 ms of the call's 6 ms on an empty tab
-- (docs/performance.md "The list's plan"). Told 20, the planner probes payments_pkey once per row at any size.
ALTER FUNCTION activity_page(uuid, smallint[], bigint, integer) ROWS 20;
