import { DownloadButton } from '../../components/download-button.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** docs/product/screens.md Your data: a zip of everything the member put in, to keep or to take to another site. */
export function YourDataPage() {
  usePageTitle('Your data');
  return (
    <section className="w-full md:max-w-[400px]">
      <h1 className="mb-8 text-2xl max-md:sr-only">Your data</h1>
      <p className="mb-4 leading-7">
        Download a zip of everything you put in: your profile and picture, every blog (drafts too) with its revisions
        and the images it uses, your comments, likes, follows, reading list and e-mail subscriptions.
      </p>
      <p className="mb-8 leading-7 text-neutral-600">
        Each blog is there twice: as JSON, which a site like this one imports as it was, and as Markdown, which Hugo,
        Jekyll or any editor opens.
      </p>
      <DownloadButton
        path="/api/account/export"
        form="export-data"
        words={{ label: 'Download your data', preparing: 'Preparing your download…', done: 'Your data is downloaded' }}
      />
    </section>
  );
}
