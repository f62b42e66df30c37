import { useId, type ReactNode } from 'react';
import { useHydrated } from '../lib/hydration.ts';

export interface Tab {
  label: string;
  panel: ReactNode;
}

/** In-page tabs (home, search, profile): an underlined tab bar and the chosen tab's panel below it. */
export function Tabs({
  label,
  tabs,
  active,
  onSelect,
}: {
  label: string;
  tabs: Tab[];
  active: number;
  onSelect: (index: number) => void;
}) {
  const id = useId();
  // A press before a server-rendered page is hydrated would be lost.
  const hydrated = useHydrated();
  const current = Math.min(active, tabs.length - 1);
  return (
    <>
      <div role="tablist" aria-label={label} className="mb-6 flex overflow-x-auto border-b border-neutral-100">
        {tabs.map((tab, i) => (
          <button
            key={tab.label}
            id={`${id}-tab-${i}`}
            type="button"
            role="tab"
            aria-selected={i === current}
            aria-controls={`${id}-panel`}
            className={`flex-none px-5 py-3 focus-visible:-outline-offset-2 ${i === current ? 'border-b-2 border-accent text-neutral-900' : 'text-neutral-500 hover:text-neutral-900'}`}
            onClick={() => onSelect(i)}
            disabled={!hydrated}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`}>
        {tabs[current]!.panel}
      </div>
    </>
  );
}
