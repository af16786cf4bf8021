import { appliedDiscount, normalizePromoCode, promoOutcomeToast } from './promo';

describe('promo outcome → toast', () => {
  it('valid: "Promo Code Applied!" with the percentage', () => {
    expect(promoOutcomeToast({ status: 'valid', discount_percentage: 15 })).toEqual({
      kind: 'success',
      title: 'Promo Code Applied!',
      description: '15% discount has been applied to your booking.',
    });
  });

  it.each([
    ['not_yet_valid', 'Promo Code Not Yet Valid', 'This promo code is not yet active.'],
    ['expired', 'Promo Code Expired', 'This promo code has expired.'],
    ['limit_reached', 'Promo Code Limit Reached', 'This promo code has reached its usage limit.'],
    ['not_found', 'Invalid Promo Code', 'Please check your promo code and try again.'],
  ] as const)('%s → "%s"', (status, title, description) => {
    expect(promoOutcomeToast({ status, discount_percentage: null })).toEqual({ kind: 'error', title, description });
  });

  it('a failed lookup → "Error"', () => {
    expect(promoOutcomeToast(null)).toEqual({
      kind: 'error',
      title: 'Error',
      description: 'Failed to validate promo code. Please try again.',
    });
  });
});

describe('promo helpers', () => {
  it('matches codes upper-cased and trimmed', () => {
    expect(normalizePromoCode('  save15 ')).toBe('SAVE15');
    expect(normalizePromoCode(undefined)).toBe('');
  });

  it('applies the percentage only when valid', () => {
    expect(appliedDiscount({ status: 'valid', discount_percentage: 20 })).toBe(20);
    expect(appliedDiscount({ status: 'expired', discount_percentage: 20 })).toBe(0);
    expect(appliedDiscount({ status: 'valid', discount_percentage: null })).toBe(0);
    expect(appliedDiscount(null)).toBe(0);
  });
});
