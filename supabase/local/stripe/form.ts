// Stripe's request bodies are form-encoded with brackets (`metadata[booking_id]=…`,
// `line_items[0][price_data][unit_amount]=…`), as the `stripe` SDK writes them. This reads them
// back into objects and arrays.
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.split(/\[|\]\[|\]/).filter((part, index) => index === 0 || part !== '');
    let node: FormObject | FormValue[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const key: string | number = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[key] = value;
        return;
      }
      if (container[key] === undefined || typeof container[key] === 'string') {
        container[key] = /^\d+$/.test(path[index + 1]) ? [] : {};
      }
      node = container[key] as FormObject | FormValue[];
    });
  }
  return root;
}

/** A string field of a parsed form, or undefined. */
export function text(form: FormObject | FormValue | undefined, ...path: (string | number)[]): string | undefined {
  let node: FormValue | undefined = form as FormValue | undefined;
  for (const part of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = (node as Record<string | number, FormValue>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `metadata[...]` as Stripe stores it: string values only. */
export function metadata(form: FormObject, key = 'metadata'): Record<string, string> {
  const value = form[key];
  if (!value || typeof value === 'string' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
