import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
  const field = (name: keyof GuestDetails) => register(name as Path<T>);
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-name`}>Full Name</Label>
        <Input
          id={`${idPrefix}-name`}
          autoComplete="name"
          maxLength={BOOKING_LIMITS.name}
          aria-required="true"
          {...field('name')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-email`}>Email</Label>
        <Input
          id={`${idPrefix}-email`}
          type="email"
          autoComplete="email"
          maxLength={BOOKING_LIMITS.email}
          aria-required="true"
          {...field('email')}
        />
      </div>
      <div className={`grid gap-1.5 ${phoneClassName ?? ''}`}>
        <Label htmlFor={`${idPrefix}-phone`}>Phone (optional)</Label>
        <Input
          id={`${idPrefix}-phone`}
          type="tel"
          autoComplete="tel"
          maxLength={BOOKING_LIMITS.phone}
          {...field('phone')}
        />
      </div>
    </>
  );
}
