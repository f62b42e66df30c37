import { startIslands } from '../app/islands.tsx';
import { NavbarIsland } from '../app/navbar.tsx';
import { ProfileIsland } from '../features/profile/profile-island.tsx';

startIslands([NavbarIsland, ProfileIsland]);
