/**
 * A route's hooks of one kind as a list: Fastify takes none, one or an array in a route's options,
 * and a plugin adding its own to every route (onRoute) keeps the route's first.
 */
export const routeHooks = <T>(hook: T | T[] | undefined): T[] =>
  hook === undefined ? [] : Array.isArray(hook) ? hook : [hook];
