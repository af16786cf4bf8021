-- Issue 39 §2: a receipt for each stay from the folio. The house's legal identity beside its CIN
-- (compliance_settings: admins write, staff read), whether it issues VAT-exempt receipts (then a
-- €2 stamp duty line above €77.47), and the guest's read of it by the private link after check-out.

alter table public.compliance_settings
  add column legal_name text,
  add column legal_address text,
  add column tax_code text,
  add column vat_exempt_receipts boolean not null default false,
  add constraint compliance_settings_legal_name_length check (legal_name is null or char_length(legal_name) between 1 and 200),
  add constraint compliance_settings_legal_address_length check (legal_address is null or char_length(legal_address) between 1 and 300),
  -- a codice fiscale (16 letters and digits) or a partita IVA (11 digits, optionally after IT)
  add constraint compliance_settings_tax_code_format check (
    tax_code is null or tax_code ~ '^([A-Z0-9]{16}|(IT)?[0-9]{11})$');

-- admins write them from the Privacy screen, as the CIN (the row's update policy is admins only)
grant update (legal_name, legal_address, tax_code, vat_exempt_receipts) on table public.compliance_settings to authenticated;

comment on column public.compliance_settings.legal_name is 'The house''s legal name, printed on receipts.';
comment on column public.compliance_settings.legal_address is 'The house''s registered address, printed on receipts.';
comment on column public.compliance_settings.tax_code is 'Codice fiscale or partita IVA, printed on receipts.';
comment on column public.compliance_settings.vat_exempt_receipts is 'The house issues VAT-exempt receipts: a receipt over €77.47 carries the €2 stamp duty (imposta di bollo).';

create function private.receipt_issuer()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'legal_name', s.legal_name,
    'legal_address', s.legal_address,
    'tax_code', s.tax_code,
    'cin', s.cin,
    'vat_exempt_receipts', s.vat_exempt_receipts)
  from public.compliance_settings s where s.id
$$;
comment on function private.receipt_issuer() is 'Who issues the receipts: legal name, address, tax code, CIN and the VAT-exempt setting.';
revoke execute on function private.receipt_issuer() from public;

create function public.booking_receipt_by_link(p_reference text, p_token text, p_client_address text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_address text;
  v_client text;
  v_booking public.bookings;
begin
  -- the address the function read from the gateway's header (never the caller's own headers)
  begin
    v_address := host(nullif(btrim(coalesce(p_client_address, '')), '')::inet);
  exception when others then
    v_address := null;
  end;
  v_client := 'ip:' || v_address;
  perform private.link_attempts_guard(v_client);
  v_booking := private.booking_for_link(p_reference, p_token);
  if v_booking.id is null then
    -- an answer, not a raise: the wrong link stays counted
    perform private.link_attempt_missed(v_client);
    return jsonb_build_object('refused', 'link_not_valid', 'message', 'This link is not valid.');
  end if;
  if v_booking.status <> 'checked_out' then
    raise exception 'The receipt is ready once you have checked out.' using errcode = 'P0001',
      hint = 'receipt_not_ready';
  end if;
  return jsonb_build_object(
    'reference', v_booking.reference,
    'guest_name', v_booking.guest_name,
    'check_in', v_booking.check_in_date,
    'check_out', v_booking.check_out_date,
    'language', v_booking.guest_language,
    -- the guest sees the lines, not who recorded them nor the desk's notes
    'lines', coalesce((select jsonb_agg(jsonb_build_object('kind', l.kind, 'side', l.side,
        'description', case when l.kind = 'extra' then l.description end, 'night', l.night, 'quantity', l.quantity,
        'unit_price_cents', l.unit_price_cents, 'amount_cents', l.amount_cents, 'method', l.method,
        'correction', l.correction, 'recorded_at', l.recorded_at))
      from private.folio_lines(v_booking) l), '[]'::jsonb),
    'totals', to_jsonb(private.folio_totals_of(v_booking)),
    'issuer', private.receipt_issuer());
end
$$;
comment on function public.booking_receipt_by_link(p_reference text, p_token text, p_client_address text) is 'The receipts function (service role): the stay''s folio and its issuer for the guest''s private link, after check-out only (receipt_not_ready); a wrong link answers refused: link_not_valid and is counted.';
revoke execute on function public.booking_receipt_by_link(text, text, text) from public, anon, authenticated;
grant execute on function public.booking_receipt_by_link(text, text, text) to service_role;
