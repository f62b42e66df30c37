import { topicPath } from '@inkwell/contracts';
import { useHydrated } from '../../../lib/hydration.ts';
import { Link } from '../../../lib/navigation.tsx';
import { useSite } from '../../../lib/site.ts';

/**
 * The site's topics (SPEC's eight until an admin changes them); the chosen one is pressed, and
 * pressing it again goes back home. Until the app runs (and without JavaScript) each is a link to
 * its list, which the server renders.
 */
export function TopicButtons({
  active,
  onToggle,
  className = '',
}: {
  active: string | null;
  onToggle: (tag: string) => void;
  className?: string;
}) {
  const hydrated = useHydrated();
  const { topics } = useSite();
  const look = (tag: string) =>
    `flex-none rounded-full px-5 py-2 whitespace-nowrap ${active === tag ? 'bg-accent text-on-accent' : 'bg-neutral-100 hover:bg-neutral-200'}`;
  return (
    <div role="group" aria-label="Topics" className={`flex gap-3 ${className}`}>
      {topics.map((tag) =>
        hydrated ? (
          <button
            key={tag}
            type="button"
            aria-pressed={active === tag}
            onClick={() => onToggle(tag)}
            className={look(tag)}
          >
            {tag}
          </button>
        ) : (
          <Link
            key={tag}
            to={topicPath(active === tag ? null : tag)}
            aria-current={active === tag ? 'page' : undefined}
            className={look(tag)}
          >
            {tag}
          </Link>
        ),
      )}
    </div>
  );
}
