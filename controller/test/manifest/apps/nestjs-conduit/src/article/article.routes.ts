// Paths under /articles, shared by the controller and the API client of the e2e suite.
export const ARTICLE_ROUTES = {
  feed: "feed",
  bySlug: ":slug",
  favorite: ":slug/favorite",
} as const;
