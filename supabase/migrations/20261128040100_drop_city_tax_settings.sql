-- The old single city-tax setting goes: the quote now reads the dated rates (previous migration)
-- and nothing else read it. Its value is kept first: when it no longer matches the rate in force
-- today (an admin changed the setting after the rates were created from it), it becomes the rate
-- from today on, so quotes keep what the admin set; the history before today is unchanged.
do $$
declare
  v_setting public.city_tax_settings;
  v_today date := (now() at time zone 'Europe/Rome')::date;
  v_rate public.city_tax_rates;
  v_in_force boolean;
begin
  select * into v_setting from public.city_tax_settings where id;
  if not found then
    return;
  end if;
  if not exists (select 1 from public.city_tax_rates) then
    insert into public.city_tax_rates (valid_from, amount_cents, max_nights, exempt_under_age, note)
    values (date '2023-10-01', round(v_setting.amount_per_person_night * 100)::integer, v_setting.max_nights,
      v_setting.exempt_under_age, 'From the former city-tax setting');
    return;
  end if;
  select * into v_rate from public.city_tax_rates r
  where v_today >= r.valid_from and (r.valid_to is null or v_today <= r.valid_to);
  v_in_force := found;
  if v_in_force and v_rate.amount_cents = round(v_setting.amount_per_person_night * 100)::integer
     and v_rate.max_nights = v_setting.max_nights and v_rate.exempt_under_age = v_setting.exempt_under_age then
    return;
  end if;
  -- a rate already set to start later is the admins' plan: it is kept
  if exists (select 1 from public.city_tax_rates r where r.valid_from > v_today) then
    return;
  end if;
  if v_in_force and v_rate.valid_from = v_today then
    update public.city_tax_rates set amount_cents = round(v_setting.amount_per_person_night * 100)::integer,
      max_nights = v_setting.max_nights, exempt_under_age = v_setting.exempt_under_age
    where id = v_rate.id;
    return;
  end if;
  update public.city_tax_rates set valid_to = v_today - 1 where id = v_rate.id;
  insert into public.city_tax_rates (valid_from, amount_cents, max_nights, exempt_under_age, note)
  values (v_today, round(v_setting.amount_per_person_night * 100)::integer, v_setting.max_nights,
    v_setting.exempt_under_age, 'From the former city-tax setting');
end
$$;

drop table public.city_tax_settings;
