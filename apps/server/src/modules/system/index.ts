/** `GET /api/health`, `GET /api/config` and the admins' `GET /api/admin/health`: `systemModule` is their routes. */
export { systemRoutes as systemModule } from './system.routes.ts';
