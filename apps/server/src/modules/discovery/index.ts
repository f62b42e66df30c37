export { authorFeedTitle, feedLinks, siteFeedLinks, tagFeedTitle } from './feed-urls.ts';
