import { useLingui } from '@lingui/react/macro';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Field, FieldControl } from '@/components/ui/form-field';
import { BOOKING_LIMITS } from '../logic/schemas';

interface GuestDetails {
  name: string;
  email: string;
  phone: string;
}

/** Full name, e-mail and optional phone, shared by the booking dialog and the on-page form. */
export function GuestDetailsFields<T extends FieldValues & GuestDetails>({
  idPrefix,
  register,
  phoneClassName,
}: {
  idPrefix: string;
  register: UseFormRegister<T>;
  phoneClassName?: string;
}) {
  const { t } = useLingui();
  const field = (name: keyof GuestDetails) => register(name as Path<T>);
  return (
    <>
      <Field id={`${idPrefix}-name`} label={t`Full Name`}>
        <FieldControl>
          <Input autoComplete="name" maxLength={BOOKING_LIMITS.name} aria-required="true" {...field('name')} />
        </FieldControl>
      </Field>
      <Field id={`${idPrefix}-email`} label={t`Email`}>
        <FieldControl>
          <Input
            type="email"
            autoComplete="email"
            maxLength={BOOKING_LIMITS.email}
            aria-required="true"
            {...field('email')}
          />
        </FieldControl>
      </Field>
      <Field id={`${idPrefix}-phone`} label={t`Phone (optional)`} className={phoneClassName}>
        <FieldControl>
          <Input type="tel" autoComplete="tel" maxLength={BOOKING_LIMITS.phone} {...field('phone')} />
        </FieldControl>
      </Field>
    </>
  );
}
