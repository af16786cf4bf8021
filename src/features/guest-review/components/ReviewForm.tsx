import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { useLocale } from '@/lib/i18n';
import { refusalErrorText } from '@/lib/refusals/refusals';
import { toastFailure } from '@/lib/toast';
import { useSubmitReview } from '../api/review';
import {
  checkReview,
  emptyReviewValues,
  REVIEW_LIMITS,
  type InvitationStatus,
  type ReviewValues,
} from '../logic/review';
import { StarRatingInput } from './StarRatingInput';

/**
 * The review of one stay: overall rating, optional scores, the comment (plain text), the name
 * and country to show. `onDone` gets 'submitted' or why the link no longer takes a review.
 */
export function ReviewForm({
  token,
  guestName,
  onDone,
}: {
  token: string;
  guestName: string;
  onDone: (status: 'submitted' | InvitationStatus) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const submit = useSubmitReview();
  const { control, register, handleSubmit, setFocus } = useForm<ReviewValues>({
    defaultValues: emptyReviewValues(guestName),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ReviewValues, string>>>({});
  const comment = useWatch({ control, name: 'comment' });
  const length = comment.trim().length;
  const { commentMax: max, commentMin: min } = REVIEW_LIMITS;

  const onSubmit = async (values: ReviewValues) => {
    const check = checkReview(token, values);
    if (!check.ok) {
      setErrors({ [check.field]: check.message });
      if (
        check.field !== 'rating' &&
        check.field !== 'cleanliness' &&
        check.field !== 'location' &&
        check.field !== 'staff'
      )
        setFocus(check.field);
      return;
    }
    setErrors({});
    try {
      onDone(await submit.mutateAsync(check.payload));
    } catch (error) {
      toastFailure(t`Your review was not sent`, refusalErrorText(error, locale) ?? t`Please try again.`);
    }
  };

  const scoreField = (field: 'rating' | 'cleanliness' | 'location' | 'staff', legend: string, optional: boolean) => (
    <Controller
      control={control}
      name={field}
      render={({ field: { value, onChange } }) => (
        <StarRatingInput legend={legend} value={value} onChange={onChange} optional={optional} error={errors[field]} />
      )}
    />
  );

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-5"
      aria-label={t`Review your stay`}
      aria-busy={submit.isPending}
    >
      {scoreField('rating', t`Overall rating`, false)}
      <div className="grid gap-4 sm:grid-cols-3">
        {scoreField('cleanliness', t`Cleanliness`, true)}
        {scoreField('location', t`Location`, true)}
        {scoreField('staff', t`Staff`, true)}
      </div>
      <Field
        id="review-comment"
        label={t`Your review`}
        error={errors.comment}
        hint={t`${length} / ${max} characters (at least ${min})`}
      >
        <FieldControl>
          <Textarea rows={6} maxLength={REVIEW_LIMITS.commentMax} aria-required="true" {...register('comment')} />
        </FieldControl>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="review-name" label={t`Name to show`} error={errors.name}>
          <FieldControl>
            <Input autoComplete="name" maxLength={REVIEW_LIMITS.name} aria-required="true" {...register('name')} />
          </FieldControl>
        </Field>
        <Field id="review-country" label={t`Country (optional)`} error={errors.country}>
          <FieldControl>
            <Input autoComplete="country-name" maxLength={REVIEW_LIMITS.country} {...register('country')} />
          </FieldControl>
        </Field>
      </div>
      <p className="text-xs text-muted-foreground">
        <Trans>
          Your review is published on our website once we have read it, with the name and country you give here.
        </Trans>
      </p>
      <Button type="submit" size="lg" disabled={submit.isPending} className="w-full sm:w-auto sm:justify-self-start">
        {submit.isPending ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <Send className="h-4 w-4" aria-hidden="true" />
        )}
        <Trans>Send Review</Trans>
      </Button>
    </form>
  );
}
