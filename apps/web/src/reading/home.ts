import { startIslands } from '../app/islands.tsx';
import { NavbarIsland } from '../app/navbar.tsx';
import { HomePage } from '../features/home/home-page.tsx';

startIslands([NavbarIsland, HomePage]);
