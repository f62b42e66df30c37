/**
 * Statistics: the admins' chart of the site's last days and each author's own numbers over time,
 * read from the counts the other modules keep (the blogs module's daily reads and referrers among
 * them). Nothing of it is used elsewhere; `statisticsModule` is its routes.
 */
export { statisticsRoutes as statisticsModule } from './statistics.routes.ts';
