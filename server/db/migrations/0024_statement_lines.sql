-- Monthly statements (issue 26.2) read a wallet's postings in ledger order, a batch at a time, from the first entry of
-- the month (server/ledger/statement.ts): through this index, a batch is a short range, not the account's whole list.
CREATE INDEX postings_account_entry_idx ON postings (account_id, entry_id) INCLUDE (amount_cents);
