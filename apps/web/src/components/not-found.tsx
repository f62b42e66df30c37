import { Link } from '../lib/navigation.tsx';
import { Messages } from '@inkwell/contracts';
import { usePageTitle } from '../lib/page-title.ts';

export function NotFound() {
  usePageTitle(Messages.pageNotFound);
  return (
    <section className="flex min-h-[calc(100vh-80px)] flex-col items-center justify-center gap-6 p-10 text-center">
      <h1 className="font-serif text-4xl">{Messages.pageNotFound}</h1>
      <p className="text-xl text-neutral-600">
        The page you are looking for does not exist. Head back to the{' '}
        <Link to="/" className="text-neutral-900 underline">
          home page
        </Link>
        .
      </p>
    </section>
  );
}
