/** `GET /api/health` and `GET /api/config`: `systemModule` is their routes. */
export { systemRoutes as systemModule } from './system.routes.ts';
