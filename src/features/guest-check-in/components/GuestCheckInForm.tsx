import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { GuestFieldset } from '@/lib/checkin/GuestFieldset';
import {
  checkGuests,
  emptyGuest,
  formGuests,
  guestPayload,
  serverGuestErrors,
  type GuestErrors,
  type GuestValues,
} from '@/lib/checkin/guests';
import { guestErrorText } from '@/lib/checkin/messages';
import { todayISO } from '@/lib/dates';
import { useLocale } from '@/lib/i18n';
import { refusalErrorText } from '@/lib/refusals/refusals';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { CheckInError, checkInKeys, placeSearch, useSaveCheckIn } from '../api/check-in';
import type { CheckIn } from '../logic/check-in';

/** Every guest of the stay, saved together; bad input is named under its field and changes nothing. */
export function GuestCheckInForm({
  reference,
  token,
  checkIn,
  onDone,
}: {
  reference: string;
  token: string;
  checkIn: CheckIn;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [guests, setGuests] = useState<GuestValues[]>(() => formGuests(checkIn.guests, checkIn.guests_expected));
  const [errors, setErrors] = useState<GuestErrors>({});
  const save = useSaveCheckIn(reference, token);
  const search = useMemo(() => placeSearch(reference, token), [reference, token]);
  const queryKey = checkInKeys.section(reference, token);

  const update = (index: number, next: GuestValues) =>
    setGuests((list) => list.map((g, i) => (i === index ? next : g)));

  const onSubmit = async () => {
    const found = checkGuests(guests, checkIn.guests_expected, todayISO());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toastFailure(t`Please check the highlighted fields.`);
      return;
    }
    try {
      const section = await save.mutateAsync(guestPayload(guests));
      toastSuccess(
        t`Details saved`,
        section?.complete
          ? t`Everything we need is here. See you soon!`
          : t`You can complete them later from this page.`,
      );
      onDone();
    } catch (error) {
      const fields = error instanceof CheckInError ? serverGuestErrors(error) : null;
      if (fields) {
        setErrors(fields);
        toastFailure(t`Please check the highlighted fields.`);
      } else {
        // a refusal in the guest's language (its code translated), any other failure as it came
        const reason = refusalErrorText(error, locale) ?? (error instanceof Error ? error.message : undefined);
        toastFailure(t`Your details were not saved`, reason);
      }
    }
  };

  return (
    <form
      className="mt-6 space-y-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {errors.guests && <p className="text-sm font-medium text-destructive">{guestErrorText(errors.guests)}</p>}
      {guests.map((guest, index) => (
        <div key={guest.id ?? `new-${index}`} className="space-y-2">
          <GuestFieldset
            index={index}
            value={guest}
            onChange={(next) => update(index, next)}
            errors={errors}
            searchPlaces={search}
            documentTypes={checkIn.document_types}
            queryKey={queryKey}
            legend={t`Guest ${index + 1}`}
          />
          {guests.length > 1 && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setGuests((list) => list.filter((_, i) => i !== index))}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> <Trans>Remove this guest</Trans>
            </Button>
          )}
        </div>
      ))}
      <div className="flex flex-wrap gap-3">
        {guests.length < checkIn.guests_expected && (
          <Button type="button" variant="outline" onClick={() => setGuests((list) => [...list, emptyGuest()])}>
            <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add a guest</Trans>
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          <Trans>Save details</Trans>
        </Button>
        <Button type="button" variant="ghost" onClick={onDone} disabled={save.isPending}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </form>
  );
}
