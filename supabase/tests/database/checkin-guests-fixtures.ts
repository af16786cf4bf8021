// The guests' identity fields as the online check-in form sends them: an Italian family (a head of
// family born and living in Rome, a child) and a French guest alone with a passport. The check-in
// files (checkin-*.test.ts) and the typed-answer files (typed-answers-*.test.ts) save them.
export const ROMA = '412058091';
export const ITALIA = '100000100';
export const FRANCIA = '100000215';

export const head = {
  guest_type: 17,
  surname: "D'Angelo",
  given_names: 'Maria Chiara',
  sex: 'F',
  birth_date: '1985-04-12',
  birth_state_code: ITALIA,
  birth_comune_code: ROMA,
  citizenship_code: ITALIA,
  residence_state_code: ITALIA,
  residence_comune_code: ROMA,
  document_type_code: 'IDENT',
  document_number: 'CA12345AB',
  document_issue_place_code: ROMA,
};
export const member = {
  guest_type: 19,
  surname: "D'Angelo",
  given_names: 'Luca',
  sex: 'M',
  birth_date: '2015-06-01',
  birth_state_code: ITALIA,
  birth_comune_code: ROMA,
  citizenship_code: ITALIA,
  residence_state_code: ITALIA,
  residence_comune_code: ROMA,
};
export const single = {
  guest_type: 16,
  surname: 'Lefèvre',
  given_names: 'Élodie',
  sex: 'F',
  birth_date: '1990-02-03',
  birth_state_code: FRANCIA,
  citizenship_code: FRANCIA,
  residence_state_code: FRANCIA,
  document_type_code: 'PASOR',
  document_number: '18AB12345',
  document_issue_place_code: FRANCIA,
};
