// `npm run preview` (after `npm run build`): serves dist/ as a static host does (a file per page,
// the SPA shell for the rest; see docs/prerendering.md). PORT changes the port (default 4173).
import { join } from 'node:path';
import { REPO_ROOT } from '../../supabase/local/platform';
import { serveStatic } from './static-server';

const site = await serveStatic(join(REPO_ROOT, 'dist'), Number(process.env.PORT ?? 4173));
console.log(`  Serving dist/ at ${site.url}  (Ctrl-C stops)`);
