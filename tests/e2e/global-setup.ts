import { startSeededSite } from '../../scripts/site/seeded-site';

/** The browser tests' site: a seeded platform of their own and the production build served from it. */
export default function globalSetup() {
  return startSeededSite();
}
