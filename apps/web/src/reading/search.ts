import { startIslands } from '../app/islands.tsx';
import { NavbarIsland } from '../app/navbar.tsx';
import { SearchPage } from '../features/search/search-page.tsx';

startIslands([NavbarIsland, SearchPage]);
