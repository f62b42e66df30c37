/**
 * The editor's borderless fields (title, topics, tag chips) show keyboard focus with an outline
 * in the text colour: far above the 3:1 contrast a focus indicator needs, in either palette.
 */
export const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900';
