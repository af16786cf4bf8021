import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileOfPath, publicPaths } from './prerender-pages';
import { resolveStaticFile } from './static-server';

describe('prerendered files', () => {
  it('writes a file per public page, per language', () => {
    expect(publicPaths('en', ['r1'])).toEqual([
      '/',
      '/room/r1',
      '/auth',
      '/booking-success',
      '/booking-cancelled',
      '/privacy',
      '/404',
    ]);
    expect(publicPaths('it', ['r1'])).toContain('/it/room/r1');
    expect(publicPaths('fr', [])).toEqual([
      '/fr/',
      '/fr/auth',
      '/fr/booking-success',
      '/fr/booking-cancelled',
      '/fr/privacy',
      '/fr/404',
    ]);
    expect(fileOfPath('/')).toBe('index.html');
    expect(fileOfPath('/it/')).toBe('it/index.html');
    expect(fileOfPath('/room/r1')).toBe('room/r1.html');
    expect(fileOfPath('/fr/404')).toBe('fr/404.html');
  });
});

describe('the static server', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'it', 'room'), { recursive: true });
    mkdirSync(join(dist, 'assets'));
    for (const file of ['index.html', 'shell.html', 'it/index.html', 'it/room/r1.html', 'assets/a.js']) {
      writeFileSync(join(dist, file), file);
    }
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves a file per path and the SPA shell for the rest', () => {
    const file = (path: string) => resolveStaticFile(dist, path).file.slice(dist.length + 1);
    expect(file('/')).toBe('index.html');
    expect(file('/it/')).toBe('it/index.html');
    expect(file('/it')).toBe('it/index.html');
    expect(file('/it/room/r1')).toBe('it/room/r1.html');
    expect(file('/assets/a.js?v=1')).toBe('assets/a.js');
    expect(file('/admin/rooms')).toBe('shell.html');
    expect(file('/room/unknown')).toBe('shell.html');
    expect(file('/../../etc/passwd')).toBe('shell.html');
    expect(resolveStaticFile(dist, '/admin').fallback).toBe(true);
  });
});
