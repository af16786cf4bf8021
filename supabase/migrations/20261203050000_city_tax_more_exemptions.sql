-- Issue 41 §4: the rest of Rome's exemptions (Regolamento sul contributo di soggiorno, art. 5 c. 2,
-- as amended by Delib. A.C. 19/2024), besides those the register already counts (under 10, residents,
-- patients and one companion, coach drivers and guides, police and armed forces, severe disability
-- and a caregiver). Added here, in a file of their own, before the migration that uses them.
alter type public.city_tax_exemption_reason add value if not exists 'house_staff';
alter type public.city_tax_exemption_reason add value if not exists 'emergency_housing';
alter type public.city_tax_exemption_reason add value if not exists 'volunteer';
comment on type public.city_tax_exemption_reason is
  'Rome''s exemptions recorded by staff on the guest''s declaration (D.P.R. 445/2000): a patient and one companion (or the parents of a minor in care); coach drivers and one guide per 25; police and armed forces on public-order duty; severe disability (L. 104/1992) and a caregiver; the house''s own staff staying for work; persons housed by the authorities in an emergency; volunteers on civil-protection duty.';
