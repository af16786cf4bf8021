-- A Checkout Session asks whole cents within the sane maximum, in the house's currency (issue 42):
-- the same rule apply_stripe_event holds a paid session's notice to (private.stripe_cents).
alter table private.checkout_sessions
  add constraint checkout_sessions_amount_range check (amount_cents > 0 and amount_cents <= 10000000),
  add constraint checkout_sessions_currency_eur check (currency = 'eur');
