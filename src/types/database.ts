// Temporary until `npm run db:types` generates this file from the live schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Database = any;
