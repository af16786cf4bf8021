-- Where a booking came from: the website's request, or the desk's entry of a call, an e-mail, a
-- walk-in or a channel's booking typed in by hand. The board colours its bars by it and the reports
-- split by it. Added before the desk's parts are built side by side, so they share one column.
alter table public.bookings
  add column source text not null default 'website'
    constraint bookings_source_known check (
      source = any (array['website', 'phone', 'email', 'walk_in', 'booking_com', 'expedia', 'airbnb', 'other'])
    );

comment on column public.bookings.source is
  'Where the booking came from: website (a guest''s request), or what the desk entered: phone, email, walk_in, booking_com, expedia, airbnb, other.';
