import { DownloadButton } from '../../components/download-button.tsx';
import { AdminLayout } from './components/admin-layout.tsx';

/** For admins (`/admin/export`): the whole site as one zip, to keep or to move to another site. */
export function SiteExportPage() {
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
        <DownloadButton
          path="/api/admin/export"
          form="export-site"
          words={{
            label: 'Export the whole site',
            preparing: 'Preparing the site’s download…',
            done: 'The site is downloaded',
          }}
        />
      </div>
    </AdminLayout>
  );
}
