/** What other modules may use of the fediverse side: its routes, and the hooks publishing calls. */
export { registerFederation } from './federation.routes.ts';
