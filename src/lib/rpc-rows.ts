/**
 * A row of a composite type as the function answering it fills it. SQL cannot declare a composite
 * type's attribute NOT NULL, so the generated types (src/types/database.ts) make every field
 * nullable; `Filled` states which fields the function leaves null (`Nullable`) and makes the others
 * required. The platform tests of each typed function check that the rest is never null
 * (supabase/tests/database/typed-rpcs.test.ts).
 */
export type Filled<T, Nullable extends keyof T = never> = {
  [K in keyof T]-?: K extends Nullable ? T[K] : NonNullable<T[K]>;
};
