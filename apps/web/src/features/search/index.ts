/** The search page (an island, whole), and the query its server rendering loads. */
export { searchUsersQuery } from './api/search-users.ts';
export { SearchPage } from './search-page.tsx';
