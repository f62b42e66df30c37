/** The signed-in user's own account. Nothing of it is used elsewhere; `settingsModule` is its routes. */
export { settingsRoutes as settingsModule } from './settings.routes.ts';
