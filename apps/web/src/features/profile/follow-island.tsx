import { defineIsland } from '../../lib/island.tsx';
import { FollowButton } from './components/follow-button.tsx';

/** The Follow button as an island of its own: on a blog page, beside its author. */
export const FollowIsland = defineIsland('follow', FollowButton);
