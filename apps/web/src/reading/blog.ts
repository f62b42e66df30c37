import { startIslands } from '../app/islands.tsx';
import { NavbarIsland } from '../app/navbar.tsx';
import { BlogActionsIsland, BlogReportIsland } from '../features/blog/blog-islands.tsx';
import { FollowIsland } from '../features/profile/follow-island.tsx';

// A draft's preview, which shows its blog as this page does, runs this bundle too.
startIslands([NavbarIsland, FollowIsland, BlogActionsIsland, BlogReportIsland], {
  'copy-code': () => import('../features/blog/copy-code-island.tsx').then((m) => m.CopyCodeIsland),
});
