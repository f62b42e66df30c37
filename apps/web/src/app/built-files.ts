/**
 * The id of the `<script type="application/json">` in index.html naming the build's files, which
 * the build writes (vite.config.ts): the site's React, each kind of reading page's bundle
 * (src/reading), which src/main.tsx loads, and the app's files (its script and everything it imports
 * at once, with their style sheets), which a reading page fetches into the cache once idle.
 */
export const BUILT_FILES_ID = 'built-files';

export interface BuiltFiles {
  react: string;
  reading: Record<string, string>;
  app: string[];
}
