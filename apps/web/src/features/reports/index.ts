/**
 * Reports to the site's staff, as the reading pages show them: the Report control of a blog, a
 * comment or a profile, its own chunk with its dialog and call.
 */
export { LazyReportControl as ReportControl } from './components/lazy-report-control.tsx';
