/**
 * Exports: a member's own data and the whole site as a zip (`exportsModule`, their routes), and the
 * format both the writer and the import's reader hold to (export-format.ts).
 */
export {
  blogIdOfPath,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ExportedBlog,
  ExportedProfile,
  ExportedUsers,
  ExportIdentity,
  ExportManifest,
  ExportPaths,
  withImageUrls,
} from './export-format.ts';
export { exportRoutes as exportsModule } from './exports.routes.ts';
