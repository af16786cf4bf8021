-- A new city-tax rate from a date (issue 34 §4): the rate open at that date ends the day before,
-- in the same transaction, so the history has no gap and no overlap. Admins only.
create or replace function public.add_city_tax_rate(
  p_valid_from date, p_amount_cents integer, p_max_nights integer default 10, p_exempt_under_age integer default 10,
  p_note text default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.require_admin('change the city-tax rates');
  if p_valid_from is null then
    raise exception 'Enter the first night the rate applies to.' using errcode = '22023';
  end if;
  if exists (select 1 from public.city_tax_rates r where r.valid_from >= p_valid_from) then
    raise exception 'A rate already starts on or after this date: a new rate must start after the last one.'
      using errcode = '22023';
  end if;
  update public.city_tax_rates set valid_to = p_valid_from - 1
  where valid_from < p_valid_from and (valid_to is null or valid_to >= p_valid_from);
  insert into public.city_tax_rates (valid_from, amount_cents, max_nights, exempt_under_age, note)
  values (p_valid_from, p_amount_cents, coalesce(p_max_nights, 10), coalesce(p_exempt_under_age, 10), p_note)
  returning id into v_id;
  return v_id;
end
$$;
revoke execute on function public.add_city_tax_rate(date, integer, integer, integer, text) from public, anon;
grant execute on function public.add_city_tax_rate(date, integer, integer, integer, text) to authenticated;
