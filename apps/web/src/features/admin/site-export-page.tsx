import { formError, formProgress, formSuccess } from '../../lib/notify.ts';
import { useExportSite } from './api/export-site.ts';
import { AdminLayout } from './components/admin-layout.tsx';

/** For admins (`/admin/export`): the whole site as one zip, to keep or to move to another Inkwell. */
export function SiteExportPage() {
  const download = useExportSite({
    onMutate: () => formProgress('export-site', 'Preparing the site’s download…'),
    onSuccess: () => formSuccess('export-site', 'The site is downloaded'),
    onError: (error) => formError('export-site', error.message),
  });
  return (
    <AdminLayout title="Export the site">
      <div className="max-w-[550px]">
        <p className="mb-4 leading-7">
          Download the whole site as a zip: its identity, every member with their e-mail address and role, every blog
          (drafts, scheduled and hidden ones too) as JSON and as Markdown, every comment, like, follow and bookmark, the
          authors’ confirmed subscribers and every image the site stores. A site like this one imports it as it was.
        </p>
        <p className="mb-8 leading-7 text-neutral-600">
          It holds every member’s e-mail address: keep it as safe as the site itself.
        </p>
        <button
          type="button"
          className="btn-dark px-10"
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          Export the whole site
        </button>
      </div>
    </AdminLayout>
  );
}
