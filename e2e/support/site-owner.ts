/**
 * The e2e site's owner: the first account of its fresh data folder, made by start-stack.ts before
 * any spec runs (the first account of a site is its owner), so that no spec's own first sign-up
 * becomes it by the luck of the draw.
 */
export const SITE_OWNER = {
  fullname: 'Site Owner',
  email: 'owner@e2e.example.com',
  password: 'Owner1234',
} as const;
