// Countries by their name in the guest's language. The police's table names each country in
// Italian under a 9-digit code; the server also knows each one's ISO 3166-1 code
// (public.alloggiati_stati_iso). The names in every other language are the browser's own (CLDR,
// through Intl.DisplayNames): what the guest types ("Allemagne", "Germany") becomes ISO codes here,
// and search_checkin_places finds the police rows behind them (p_iso_codes) beside the Italian
// names. No list of names to ship or keep: every language the browser speaks works.

/**
 * Two-letter codes that name no country today: groupings (EU, UN), the private-use ranges but
 * Kosovo's XK, the unknown region, and the withdrawn codes the browser still names (East Germany
 * DD, Yugoslavia YU, the USSR SU, Burma BU…), which would stand before the country of today.
 */
const NOT_COUNTRIES = /^(AA|EU|EZ|UN|Q[M-Z]|X[A-JL-Z]|ZZ|AN|BU|CS|DD|DY|FX|HV|NH|RH|SU|TP|UK|VD|YD|YU|ZR)$/;

/** Lower case, without accents, apostrophes, dots or hyphens: "Côte d’Ivoire" → "cote d ivoire". */
export function normalName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Entry {
  iso: string;
  names: string[];
}

const indexes = new Map<string, Entry[]>();

/** Every country the browser can name in one of `locales`, with its names, made once per list. */
function countryIndex(locales: readonly string[]): Entry[] {
  const key = locales.join(',');
  const cached = indexes.get(key);
  if (cached) return cached;
  const namers = locales.flatMap((locale) => {
    try {
      return [new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' })];
    } catch {
      return [];
    }
  });
  const entries: Entry[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const iso = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.test(iso)) continue;
      const names = new Set<string>();
      for (const namer of namers) {
        const name = namer.of(iso);
        if (name && name !== iso) names.add(normalName(name));
      }
      if (names.size > 0) entries.push({ iso, names: [...names] });
    }
  }
  indexes.set(key, entries);
  return entries;
}

/** The guest's languages for the look-up: the page's, the browser's, then Italian and English. */
export function searchLocales(pageLocale: string): string[] {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  return [...new Set([pageLocale, ...browser, 'it', 'en'].filter(Boolean))];
}

/**
 * The ISO codes of the countries whose name in one of `locales` matches `query`, best first: the
 * whole name, then a name that starts with it, then a word that does, then any part (at most 30).
 */
export function countryCodesFor(query: string, locales: readonly string[]): string[] {
  const wanted = normalName(query);
  if (wanted.length < 2) return [];
  const ranked: { iso: string; rank: number }[] = [];
  for (const { iso, names } of countryIndex(locales)) {
    let rank = 4;
    for (const name of names) {
      if (name === wanted) rank = Math.min(rank, 0);
      else if (name.startsWith(wanted)) rank = Math.min(rank, 1);
      else if (name.includes(` ${wanted}`)) rank = Math.min(rank, 2);
      else if (name.includes(wanted)) rank = Math.min(rank, 3);
    }
    if (rank < 4) ranked.push({ iso, rank });
  }
  return ranked
    .sort((x, y) => x.rank - y.rank || x.iso.localeCompare(y.iso))
    .slice(0, 30)
    .map((entry) => entry.iso);
}

/** A country's name in the page's language ("Allemagne"), or null when the browser has none. */
export function countryName(iso: string | null | undefined, locale: string): string | null {
  if (!iso) return null;
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(iso);
    return name && name !== iso ? name : null;
  } catch {
    return null;
  }
}
