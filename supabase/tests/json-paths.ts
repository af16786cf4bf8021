// The paths of a JSON answer's keys and null fields, for the tests of the typed RPCs: which fields
// an answer leaves null, and that a conversion at the public boundary drops no key.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The paths of the null fields of a JSON answer ("nightly[].season"), arrays' items merged. */
export function nullPaths(value: Json, path = ''): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => nullPaths(item, `${path}[]`)))];
  if (typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => nullPaths(item, path ? `${path}.${key}` : key));
  return [];
}

/** The paths of the keys of a JSON answer, arrays' items merged. */
export function keyPaths(value: Json, path = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => keyPaths(item, `${path}[]`)))];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => {
      const here = path ? `${path}.${key}` : key;
      return [here, ...keyPaths(item, here)];
    });
  return [];
}
