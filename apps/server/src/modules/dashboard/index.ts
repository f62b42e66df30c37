/** The signed-in author's own blogs. Nothing of it is used elsewhere; `dashboardModule` is its routes. */
export { dashboardRoutes as dashboardModule } from './dashboard.routes.ts';
