/**
 * A front end served from its own origin (like the tutorial's client): the stack lists it in
 * CORS_ORIGINS and cors.spec.ts serves a page there. Its port is the stack's plus 10000: the ports
 * right above the stack's are the next stack's, and 1xxxx is below the ephemeral range. The same
 * port through `localhost` is another origin, one the stack does not list.
 */
export const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 10000;
export const FRONT_ORIGIN = `http://127.0.0.1:${FRONT_PORT}`;
export const UNLISTED_FRONT_ORIGIN = `http://localhost:${FRONT_PORT}`;
