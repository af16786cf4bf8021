import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldControl, InputField, TextareaField } from '@/components/ui/form-field';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { todayISO } from '@/lib/dates';
import { toastSuccess } from '@/lib/toast';
import { useAddManualReview } from '../api/reviews';

/** A review from before this product (guest book, e-mail), entered by staff and marked as such. */
export function ManualReviewDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Add Review by Hand</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              For reviews received before guests could write them here. It is marked "Entered by hand", starts as
              pending and is not counted in the computed rating.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        {open && <ManualReviewForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ManualReviewForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const add = useAddManualReview();
  const [values, setValues] = useState({ name: '', location: '', rating: '5', comment: '', date: todayISO() });
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    add.mutate(
      {
        guest_name: values.name.trim(),
        guest_location: values.location.trim() || null,
        rating: Number(values.rating),
        comment: values.comment.trim(),
        review_date: values.date,
      },
      {
        onSuccess: () => {
          toastSuccess(t`Review added`, t`It is waiting under Pending.`);
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="manual-review-name"
          label={t`Guest name`}
          required
          maxLength={100}
          value={values.name}
          onChange={set('name')}
        />
        <InputField
          id="manual-review-location"
          label={t`Location (optional)`}
          maxLength={100}
          value={values.location}
          onChange={set('location')}
        />
        <Field id="manual-review-rating" label={t`Rating`}>
          <FieldControl>
            <NativeSelect
              value={values.rating}
              onChange={set('rating')}
              options={selectOptions([5, 4, 3, 2, 1], (n) => plural(n, { one: '# star', other: '# stars' }))}
            />
          </FieldControl>
        </Field>
        <InputField
          id="manual-review-date"
          label={t`Review date`}
          type="date"
          required
          value={values.date}
          onChange={set('date')}
        />
      </div>
      <TextareaField
        id="manual-review-comment"
        label={t`Comment`}
        required
        rows={5}
        maxLength={2000}
        value={values.comment}
        onChange={set('comment')}
      />
      <DialogActions label={t`Add Review`} pending={add.isPending} onCancel={onDone} />
    </form>
  );
}
