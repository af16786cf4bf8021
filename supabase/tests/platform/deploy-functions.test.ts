// docs/deploying.md deploys every edge function that exists, as config.toml configures it: the
// function folders, config.toml's [functions.<name>] sections and the docs' table name the same
// functions with the same verify_jwt, and the docs name no function that is gone.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../local/config';
import { REPO_ROOT } from '../../local/platform';

const supabaseDir = join(REPO_ROOT, 'supabase');
const folders = readdirSync(join(supabaseDir, 'functions'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(supabaseDir, 'functions', entry.name, 'index.ts')))
  .map((entry) => entry.name)
  .sort();
const docs = readFileSync(join(REPO_ROOT, 'docs', 'deploying.md'), 'utf8');

/** The table of step 3: `| \`name\` | true/false | … |`. */
const documented = new Map(
  [...docs.matchAll(/^\s*\| `([a-z0-9-]+)`\s*\| (true|false)\s*\|/gm)].map((m) => [m[1], m[2] === 'true']),
);

describe('the functions docs/deploying.md deploys', () => {
  it('are the function folders, each in config.toml', () => {
    const configured = readProjectConfig(supabaseDir).functions;
    expect(folders.length).toBeGreaterThan(0);
    expect([...configured.keys()].sort()).toEqual(folders);
    expect([...documented.keys()].sort()).toEqual(folders);
  });

  it('with the verify_jwt config.toml gives them', () => {
    const configured = readProjectConfig(supabaseDir).functions;
    for (const name of folders) expect(documented.get(name), name).toBe(configured.get(name));
  });

  it('in one command, naming no function that is gone', () => {
    expect(docs).toContain('npx supabase functions deploy\n');
    for (const [, name] of docs.matchAll(/supabase functions deploy ([a-z0-9-]+)/g)) expect(folders).toContain(name);
  });
});
