-- The host e-mails' language is a setting an admin changes, as the other booking settings are
-- (the row's policy "admins change booking settings" lets only admins through).
grant update (host_email_language) on table public.booking_settings to authenticated;
