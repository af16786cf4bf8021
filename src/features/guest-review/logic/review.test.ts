import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n';
import { refusalErrorText } from '@/lib/refusals/refusals';
import { checkReview, emptyReviewValues, type ReviewValues } from './review';

const valid = (overrides: Partial<ReviewValues> = {}): ReviewValues => ({
  ...emptyReviewValues('Rita Reviewer'),
  rating: '5',
  comment: 'A quiet room a few steps from the Colosseum.',
  ...overrides,
});

describe('the review form checks', () => {
  it('sends the trimmed texts and leaves out scores and country not given', () => {
    const check = checkReview(
      'tok',
      valid({ comment: '  A quiet room a few steps from the Colosseum.  ', staff: '4' }),
    );
    expect(check).toEqual({
      ok: true,
      payload: {
        p_token: 'tok',
        p_rating: 5,
        p_comment: 'A quiet room a few steps from the Colosseum.',
        p_guest_name: 'Rita Reviewer',
        p_guest_location: undefined,
        p_cleanliness_rating: undefined,
        p_location_rating: undefined,
        p_staff_rating: 4,
      },
    });
  });

  it('asks for an overall rating, 20 to 2000 characters of plain text and a name', () => {
    expect(checkReview('t', valid({ rating: '' }))).toMatchObject({ ok: false, field: 'rating' });
    expect(checkReview('t', valid({ comment: 'Too short, sorry.' }))).toMatchObject({
      ok: false,
      field: 'comment',
      message: 'Please write at least 20 characters.',
    });
    expect(checkReview('t', valid({ comment: 'x'.repeat(2001) }))).toMatchObject({ ok: false, field: 'comment' });
    expect(checkReview('t', valid({ comment: 'Nice <b>very</b> nice stay with us!' }))).toMatchObject({
      ok: false,
      message: 'Please write plain text, without HTML.',
    });
    expect(checkReview('t', valid({ name: '  ' }))).toMatchObject({ ok: false, field: 'name' });
    expect(checkReview('t', valid({ country: 'c'.repeat(101) }))).toMatchObject({ ok: false, field: 'country' });
    // "a < b" is not markup
    expect(checkReview('t', valid({ comment: 'Price < value, we loved every minute of it.' })).ok).toBe(true);
  });
});

describe('the server’s refusals in Italian', () => {
  beforeEach(() => activateLocale('it'));
  afterEach(() => activateLocale('en'));

  // as PostgREST hands submit_review's and review_invitation's raises to the page
  const refused = (message: string, hint: string, details: object | null = null) => ({
    code: 'P0001',
    message,
    hint,
    details: details && JSON.stringify(details),
  });

  it('translates the form’s refusals by their code, keeping their numbers', () => {
    expect(
      refusalErrorText(
        refused('Your comment must be at least 20 characters.', 'review_field_too_short', {
          field: 'comment',
          min_length: 20,
        }),
        'it',
      ),
    ).toBe('La recensione deve avere almeno 20 caratteri.');
    expect(
      refusalErrorText(
        refused('Your name must be at most 100 characters.', 'review_field_too_long', {
          field: 'name',
          max_length: 100,
        }),
        'it',
      ),
    ).toBe('Il nome può avere al massimo 100 caratteri.');
    expect(refusalErrorText(refused('Please enter your name.', 'review_field_missing', { field: 'name' }), 'it')).toBe(
      'Inserisci il tuo nome.',
    );
  });

  it("translates the rate limit's refusals by their code; an error that is no refusal gets none", () => {
    expect(
      refusalErrorText(refused('Too many attempts. Please try again in a few minutes.', 'too_many_attempts'), 'it'),
    ).toBe('Troppi tentativi. Riprova tra qualche minuto.');
    expect(
      refusalErrorText(
        refused('We could not tell where your request comes from. Please try again.', 'no_address'),
        'it',
      ),
    ).toBe('Non siamo riusciti a capire da dove arriva la tua richiesta. Riprova, per favore.');
    expect(refusalErrorText(new Error('Failed to fetch'), 'it')).toBeUndefined();
  });
});
