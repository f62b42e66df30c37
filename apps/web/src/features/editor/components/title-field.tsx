import { useLayoutEffect, useRef } from 'react';
import { Limits } from '@inkwell/contracts';
import { FOCUS_RING } from '../focus-ring.ts';
import { ignoreEnter, oneLine } from '../single-line.ts';

/** The blog's title: a textarea that ignores Enter and grows with its text; Tab goes on to `onTab`. */
export function TitleField({
  value,
  onChange,
  onTab,
}: {
  value: string;
  onChange: (title: string) => void;
  onTab: () => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const textarea = ref.current!;
    textarea.style.height = 'auto';
    textarea.style.height = `${textarea.scrollHeight}px`;
  }, [value]);

  return (
    <textarea
      ref={ref}
      rows={1}
      value={value}
      aria-label="Blog Title"
      placeholder="Blog Title"
      maxLength={Limits.titleMax}
      onKeyDown={(event) => {
        ignoreEnter(event);
        if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          onTab();
        }
      }}
      onChange={(event) => onChange(oneLine(event.target.value))}
      className={`mt-10 h-20 w-full resize-none overflow-hidden rounded-sm font-serif text-3xl leading-tight font-bold placeholder:opacity-40 sm:text-4xl ${FOCUS_RING}`}
    />
  );
}
