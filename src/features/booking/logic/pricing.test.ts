import { nightsLabel } from './pricing';

describe('nights', () => {
  it('labels singular and plural', () => {
    expect(nightsLabel(1)).toBe('1 night');
    expect(nightsLabel(2)).toBe('2 nights');
  });
});
