-- The e-mails the front desk's work sends, named once here so the parts built side by side (desk
-- bookings, stay changes, host alerts) never redefine the list over each other:
--   stay_changed       the guest's new terms after a change of dates or room;
--   desk_booking_link  a booking taken at the desk: the guest's private page and its pay button;
--   host_alert         one e-mail to the host per cause the desk must act on (a double booking
--                      from a channel, a payment not applied, a hold ending, a report not filed).
create or replace function private.email_kinds()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'request_received_host', 'request_acknowledgement', 'request_confirmed_by_guest_host',
    'booking_confirmed', 'booking_cancelled', 'booking_cancelled_by_guest_host', 'request_expired',
    'arrival_reminder', 'review_request',
    'payment_receipt', 'payment_received_host', 'payment_refunded', 'payment_refunded_host',
    'stay_changed', 'desk_booking_link', 'host_alert'
  ]
$$;
