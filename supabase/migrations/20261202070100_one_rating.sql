-- One rating (#43 §2): the hero and the Reviews section show the same headline, from one source:
-- the approved reviews of stays (reviews_headline_source = 'computed', at least one), otherwise the
-- typed hero_rating (out of 5) and hero_review_count. The Reviews section's own score and
-- sentence ("9.7 out of 10 from 326 verified reviews") were a second, different rating: gone.
delete from public.site_content where key in ('reviews_rating', 'reviews_subtitle');

update public.site_content set description = 'Headline rating out of 5 (hero and Reviews section) when not computed from reviews'
  where key = 'hero_rating';
update public.site_content set description = 'Headline number of reviews (hero and Reviews section) when not computed from reviews'
  where key = 'hero_review_count';
update public.site_content set description =
  'Headline rating and count: "computed" from approved guest reviews of stays (the typed ones while there is none), or "typed" (hero rating and count)'
  where key = 'reviews_headline_source';
