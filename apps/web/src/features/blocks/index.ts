/**
 * Blocks between members, as a profile shows them: whether the reader blocked its member, and the
 * Block control (its own chunk, with the calls that change a block); the Blocked accounts screen is
 * loaded on its own.
 */
export { useIsBlocked } from './api/is-blocked.ts';
export { LazyBlockControl as BlockControl } from './components/lazy-block-control.tsx';
