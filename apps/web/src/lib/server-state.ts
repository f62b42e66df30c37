/**
 * The id of the `<script type="application/json">` holding the query data a server-rendered page
 * was rendered with (dehydrated TanStack Query state). JSON in a data block, not a script: the
 * Content-Security-Policy runs no inline script, and the same bytes suit every reader.
 */
export const SERVER_STATE_ID = 'inkwell-state';

/** The bundle of islands each kind of reading page runs (src/reading), named on its data block. */
export type ReadingBundle = 'home' | 'blog' | 'profile' | 'search';

/** The data block itself, its JSON safe inside HTML (no `<` can close the element), naming the page's bundle. */
export const serverStateScript = (state: unknown, bundle: ReadingBundle) =>
  `<script type="application/json" id="${SERVER_STATE_ID}" data-bundle="${bundle}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
