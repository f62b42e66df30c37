/** The networks a profile links to (docs/product/data.md `social_links`), in the order profiles show them. */
export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'twitter', 'website', 'linkedin', 'github'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
