/** GitHub's documentation root of its GraphQL API (the `documentation_url` of its GraphQL errors). */
export const GRAPHQL_DOCS = 'https://docs.github.com/graphql';

/** The journal tag of a GraphQL call that selected fields the fake does not resolve (it is listed in `fakes.unmatched` too). */
export const UNSERVED_TAG = 'unserved';
