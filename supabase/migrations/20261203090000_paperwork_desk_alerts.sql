-- The paperwork's own alerts join the desk's list, so they show on the Dashboard and reach the
-- host's inbox once: an ISTAT day still unsent to Ross1000 on the 3rd of the next month
-- (public.raise_istat_unsent_alerts) and a city-tax declaration falling due
-- (public.raise_city_tax_reminders). Built side by side with the list, added here at the merge.
create or replace function private.desk_alert_types()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    -- a channel's calendar event collides with a stay (public.channel_record_sync)
    'channel_conflict',
    -- a payment that could not be applied (public.apply_stripe_event via private.payment_violation)
    'payment_unknown_booking', 'payment_mismatch', 'payment_session_mismatch',
    -- a request the guest confirmed whose hold ends soon with no answer (private.raise_hold_ending_alerts)
    'hold_ending',
    -- a guest's police report still unsent close to its deadline (public.raise_police_deadline_alerts)
    'police_report_due',
    -- an ISTAT day not accepted by Ross1000 on the 3rd of the next month (public.raise_istat_unsent_alerts)
    'istat_day_unsent',
    -- a city-tax declaration or payment falling due (public.raise_city_tax_reminders)
    'city_tax_declaration_due'
  ]
$$;
