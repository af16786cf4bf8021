import { seasonSaveError, weekdayList } from './seasons';
import { seasonSchema, valuesToRow, emptySeason } from './schemas';

const valid = {
  ...emptySeason('room-1'),
  name: ' Easter ',
  starts_on: '2027-03-25',
  ends_on: '2027-03-29',
  price_per_night: '189.50',
  weekend_price: '',
  min_nights: '2',
  weekend_min_nights: '3',
  closed_arrival_days: [7, 1],
};

const messages = (values: typeof valid) => {
  const result = seasonSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the season form', () => {
  it('turns what staff typed into a row (trimmed name, numbers, nulls for empty optional fields, sorted weekdays)', () => {
    expect(valuesToRow(valid)).toEqual({
      room_id: 'room-1',
      name: 'Easter',
      starts_on: '2027-03-25',
      ends_on: '2027-03-29',
      price_per_night: 189.5,
      weekend_price: null,
      min_nights: 2,
      weekend_min_nights: 3,
      closed_arrival_days: [1, 7],
      closed_departure_days: [],
    });
  });

  it('explains each field it refuses', () => {
    expect(messages({ ...valid, name: ' ' })).toEqual(['Please name the season.']);
    expect(messages({ ...valid, ends_on: '2027-03-24' })).toEqual(['The last night cannot be before the first night.']);
    expect(messages({ ...valid, price_per_night: '0' })).toEqual([
      'The nightly price must be a positive amount in euro.',
    ]);
    expect(messages({ ...valid, weekend_price: '12.345' })).toEqual([
      'The Friday/Saturday price must be empty or a positive amount in euro.',
    ]);
    expect(messages({ ...valid, min_nights: '31' })).toEqual(['Minimum nights must be a whole number from 1 to 30.']);
    expect(messages({ ...valid, room_id: '' })).toEqual(['Please choose a room.']);
  });

  it("words the database's refusals", () => {
    expect(seasonSaveError({ code: '23P01' })).toBe(
      'This season overlaps another season of the same room. Change its dates.',
    );
    expect(seasonSaveError(new Error('network'))).toBe('Failed to save the season. Please try again.');
    expect(weekdayList([6, 5])).toBe('Fri, Sat');
    expect(weekdayList([])).toBe('—');
  });
});
