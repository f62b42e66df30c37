/** The site's staff: members' roles and standing, the moderation log, the site's settings. `staffModule` is their routes. */
export { ADMIN_USAGE, runAdminCommand } from './admin-command.ts';
export { writeLogLine, type LogLine } from './moderation-log.ts';
export { ownerlessLine } from './owner.ts';
export { staffRoutes as staffModule } from './staff.routes.ts';
