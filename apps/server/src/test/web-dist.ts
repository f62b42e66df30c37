import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A stand-in for the built web app: an index.html shaped like apps/web's, in a folder of its own (WEB_DIST). */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'inkwell-web-dist-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Inkwell</title>' +
      '<meta name="description" content="Inkwell: read and write blogs." /></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/** The content of a `<meta name|property="key">` tag as the server writes it (still HTML-escaped). */
export const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
