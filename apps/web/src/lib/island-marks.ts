/*
 * The attributes that mark an island in a server-rendered page (lib/island.tsx): its name, its
 * props and the id prefix it was rendered with. Apart, as the page's entry script reads them
 * before it loads React.
 */
export const ISLAND_NAME = 'data-island';
export const ISLAND_PROPS = 'data-props';
export const ISLAND_ID = 'data-island-id';
