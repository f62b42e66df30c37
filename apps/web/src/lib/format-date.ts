/** A day as readers see it everywhere: 4 Mar 2025. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
