/**
 * The id of the `<script type="application/json">` in index.html listing the app's files (its
 * script and everything it imports at once, with their style sheets), which the build writes
 * (vite.config.ts) and a reading page fetches into the browser's cache once it is idle (app/islands.tsx).
 */
export const APP_FILES_ID = 'app-files';
