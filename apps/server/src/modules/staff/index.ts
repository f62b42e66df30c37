/** The site's staff: members' roles and standing, the moderation log, the site's settings. `staffModule` is their routes; `anonymiseStaffRecordsOf` a handler of a member leaving. */
export { ADMIN_USAGE, runAdminCommand } from './admin-command.ts';
export { anonymiseStaffRecordsOf } from './leaving-records.ts';
export { writeLogLine, type LogLine } from './moderation-log.ts';
export { ownerlessLine } from './owner.ts';
export { staffRoutes as staffModule } from './staff.routes.ts';
