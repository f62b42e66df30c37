import { TOPIC_TAGS } from '@inkwell/contracts';

/** The 8 topics of SPEC §2; the chosen one is pressed, and pressing it again goes back home. */
export function TopicButtons({ active, onToggle, className = '' }: { active: string | null; onToggle: (tag: string) => void; className?: string }) {
  return (
    <div role="group" aria-label="Topics" className={`flex gap-3 ${className}`}>
      {TOPIC_TAGS.map((tag) => (
        <button
          key={tag}
          type="button"
          aria-pressed={active === tag}
          onClick={() => onToggle(tag)}
          className={`flex-none rounded-full px-5 py-2 whitespace-nowrap ${active === tag ? 'bg-neutral-900 text-white' : 'bg-neutral-100 hover:bg-neutral-200'}`}
        >
          {tag}
        </button>
      ))}
    </div>
  );
}
