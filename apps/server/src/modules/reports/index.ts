/**
 * Reports to the staff: a reader's report (`reportsModule`, its route), the staff's queue of open
 * reports grouped by target, `resolveReports`, which every staff action on a target calls in its
 * transaction (the staff module serves the staff's calls), and `deleteReportsOfCommentsBy`, a
 * handler of a member leaving.
 */
export { reportRoutes as reportsModule } from './reports.routes.ts';
export { findReportedTarget, reportsQueue, resolveReports } from './reports.service.ts';
export { deleteReportsOfCommentsBy, type TargetRow as ReportedRow } from './reports.repository.ts';
