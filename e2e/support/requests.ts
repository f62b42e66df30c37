import { expect, type Page } from '@playwright/test';

/** The path of each file of the build the page fetches from now on (`assets/…`), as `kind` of request. */
export function recordFetched(page: Page, kind: 'script' | 'other') {
  const files: string[] = [];
  page.on('requestfinished', (request) => {
    const file = new URL(request.url()).pathname.slice(1);
    if (file.startsWith('assets/') && (request.resourceType() === 'script') === (kind === 'script')) files.push(file);
  });
  return files;
}

/** Waits until every one of `files` was fetched (as a reading page puts the app into the cache once idle). */
export const expectAllFetched = (fetched: string[], files: string[]) =>
  expect.poll(() => files.filter((file) => !fetched.includes(file)), { message: 'files never fetched' }).toEqual([]);

/** The Authorization header of each call to the API's `path` the page makes from now on. */
export function recordTokensSent(page: Page, path: string) {
  const sent: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) sent.push(request.headers().authorization);
  });
  return sent;
}
