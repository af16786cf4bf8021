import { MessageCircleReply, Quote, Star } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useIntlFormatters } from '@/lib/i18n/intl-format';
import { useSiteContent } from '@/lib/site-content';
import { useReviewHeadline, useReviews } from '../api/sections';
import { localNumber } from '../logic/site';
import { reviewsContent, reviewsScore, starCount } from '../logic/sections';
import { HomeSection } from '@/components/home-section';

/** #reviews: title, score and subtitle from site content, the four newest approved reviews. */
export function ReviewsSection() {
  const { data: content } = useSiteContent();
  const text = reviewsContent(content);
  const score = reviewsScore(content, useReviewHeadline());
  const { data, isError } = useReviews();
  const reviews = isError ? [] : (data ?? []);
  const { t } = useLingui();
  const format = useIntlFormatters();

  return (
    <HomeSection
      id="reviews"
      className="bg-background"
      title={text.title}
      heading={
        score && (
          <p className="mt-4 flex flex-wrap items-baseline justify-center gap-2">
            <span className="font-serif text-5xl font-bold text-primary">
              {localNumber(score.rating, format.locale)}
            </span>
            <span className="text-muted-foreground">{score.subtitle}</span>
          </p>
        )
      }
    >
      {reviews.length > 0 && (
        <ul className="grid gap-6 md:grid-cols-2">
          {reviews.map((review) => {
            const stars = starCount(review.rating);
            return (
              <li key={review.id} className="relative rounded-lg border bg-card p-6 shadow-sm">
                <Quote className="absolute right-5 top-5 h-8 w-8 text-primary/15" aria-hidden="true" />
                <p className="flex" role="img" aria-label={t`Rated ${stars} out of 5`}>
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star
                      key={i}
                      aria-hidden="true"
                      className={i < stars ? 'h-4 w-4 fill-gold text-gold' : 'h-4 w-4 text-muted-foreground/40'}
                    />
                  ))}
                </p>
                <blockquote className="mt-3 text-foreground/90">“{review.comment}”</blockquote>
                <p className="mt-4 text-sm">
                  <span className="font-semibold">{review.guest_name}</span>
                  {review.guest_location && <span className="text-muted-foreground"> · {review.guest_location}</span>}
                </p>
                {review.review_date && (
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={review.review_date}>{format.longDate(review.review_date)}</time>
                  </p>
                )}
                {review.host_reply && (
                  <div className="mt-4 rounded-md bg-muted p-3 text-sm">
                    <p className="flex items-center gap-1.5 font-semibold">
                      <MessageCircleReply className="h-4 w-4 text-primary" aria-hidden="true" />
                      <Trans>Response from the host</Trans>
                    </p>
                    <p className="mt-1 whitespace-pre-line text-foreground/90">{review.host_reply}</p>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-8 text-center text-sm text-muted-foreground">{text.footer}</p>
    </HomeSection>
  );
}
