// `npm run build` (after the type check): the client build, the server build and the prerendered
// pages (scripts/prerender/build.ts). VITE_SUPABASE_URL names the API the pages are filled from.
import { buildSite } from './prerender/build';

await buildSite();
