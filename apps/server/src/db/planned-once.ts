/**
 * What opens the text of a statement sent named (query-rows.ts `named`): a write sent many times a
 * second that PostgreSQL may plan once for any values. On a server the name says it; PGlite's
 * thread sees only the text, and runs such a statement with generic plans allowed, every other
 * with a plan for its values (pglite-statements.ts). A comment, so the text reads alike everywhere.
 */
export const PLANNED_ONCE = '/* planned once */ ';
