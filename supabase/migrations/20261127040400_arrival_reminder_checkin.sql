-- The arrival reminder (three days before) says what the online check-in still lacks (issue 34):
-- counts only, never a guest's identity data. A trigger fills the reminder's outbox data, so the
-- timers that write reminders stay as they are.
--   data.checkin = {complete, missing}: missing = fields still empty + guests not yet entered.

create or replace function private.arrival_reminder_checkin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_summary record;
begin
  if new.kind <> 'arrival_reminder' or new.booking_id is null then
    return new;
  end if;
  select * into v_booking from public.bookings where id = new.booking_id;
  if v_booking.id is null then
    return new;
  end if;
  select * into v_summary from private.booking_checkin_summary(v_booking);
  new.data := coalesce(new.data, '{}'::jsonb) || jsonb_build_object('checkin', jsonb_build_object(
    'complete', v_summary.complete,
    'missing', v_summary.missing_fields + greatest(v_booking.guests - v_summary.guests_entered, 0)
  ));
  return new;
end
$$;

create trigger arrival_reminder_checkin before insert on public.email_outbox
  for each row when (new.kind = 'arrival_reminder')
  execute function private.arrival_reminder_checkin();

revoke execute on function private.arrival_reminder_checkin() from public, anon, authenticated;
