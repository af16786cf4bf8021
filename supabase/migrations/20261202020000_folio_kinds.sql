-- The folio (issue 39, section 2): one more kind of ledger line, an extra staff add to a stay during
-- it. A kind of its own file: a new enum value can be used only once its transaction committed.
alter type public.payment_kind add value if not exists 'extra';
