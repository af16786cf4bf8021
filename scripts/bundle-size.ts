// `npm run bundle:size` (after `npm run build`): gzip sizes of what each part of the site loads,
// read from Vite's manifest and the prerendered pages. The home page's first load is what the page
// loads before a guest acts: the entry, its static imports and every chunk its inline loader
// preloads (the page's catalog, the lazy parts it hydrates at once), read from the written page
// (scripts/prerender/prerender-pages.ts). Static parts (src/lib/hydration.tsx), dialogs, forms and
// the admin tree load later.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loaderFiles } from './prerender/prerender-pages';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

// 150 KB until the site spoke three languages (issue 23), then 155 KB for a while; issue 33 brought
// the first load back under 140 KB by hydrating the static sections later.
const BUDGET_KB = 140;
const dist = join(process.cwd(), 'dist');
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file))).length / 1000;

function closure(keys: string[], withDynamic: boolean, seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    const chunk = manifest[key];
    closure([...(chunk.imports ?? []), ...(withDynamic ? (chunk.dynamicImports ?? []) : [])], withDynamic, seen);
  }
  return seen;
}

const total = (keys: Iterable<string>) =>
  [...keys]
    .filter((key) => manifest[key].file.endsWith('.js'))
    .reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
/** What a prerendered page loads before a guest acts: its loader's files and their static imports. */
function pageFirstLoad(page: string): Set<string> {
  const files = loaderFiles(readFileSync(join(dist, page), 'utf8'));
  const keys = files.map((file) => {
    const key = keyOfFile.get(file.replace(/^\//, ''));
    if (!key) throw new Error(`${page} preloads ${file}, which is not in the build's manifest.`);
    return key;
  });
  return closure([entry, ...keys], false);
}
const firstLoad = pageFirstLoad('index.html');
// The entry loads the page's catalog before the first render (src/main.tsx): English on `/`.
const HOME_CATALOG = 'src/locales/en.po';
if (!firstLoad.has(HOME_CATALOG)) {
  console.error(`The home page does not preload ${HOME_CATALOG}: its first load cannot be counted.`);
  process.exit(1);
}
const everything = closure([entry], true);
const admin = [...closure(['src/app/AdminRoutes.tsx'], true)].filter((key) => !firstLoad.has(key));
const adminFirstVisit = [...closure(['src/app/AdminRoutes.tsx'], false)].filter((key) => !firstLoad.has(key));

console.log('JavaScript, gzip:');
console.log(
  `  home page first load (entry, imports, preloads): ${total(firstLoad).toFixed(1)} KB   budget ${BUDGET_KB} KB`,
);
for (const page of ['it/index.html', 'fr/index.html']) {
  console.log(
    `    the same on /${page.replace('index.html', '')}:                        ${total(pageFirstLoad(page)).toFixed(1)} KB`,
  );
}
if (process.argv.includes('--files')) {
  for (const key of [...firstLoad].sort((a, b) => gzipKb(manifest[b].file) - gzipKb(manifest[a].file))) {
    if (manifest[key].file.endsWith('.js'))
      console.log(`    ${gzipKb(manifest[key].file).toFixed(1).padStart(6)} KB  ${key}`);
  }
}
console.log(
  `  admin tree, beyond the public entry:          ${total(admin).toFixed(1)} KB (AdminRoutes and its static imports: ${total(adminFirstVisit).toFixed(1)} KB)`,
);
console.log(`  whole site:                                    ${total(everything).toFixed(1)} KB`);
if (total(firstLoad) > BUDGET_KB) {
  console.error(`The home page's first load is over its ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
const leaked = [...firstLoad].filter((key) => key.includes('features/admin-'));
if (leaked.length > 0) {
  console.error(`Admin code in the public first load: ${leaked.join(', ')}`);
  process.exit(1);
}
