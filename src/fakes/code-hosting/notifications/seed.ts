/**
 * The notifications family has no seed helpers: a thread comes from the activity that concerns a user
 * (an issue assigned to them, a comment on an issue they opened, a mention, a review request, a
 * repository invitation), so seed that activity through the API or the issue seeds instead.
 */
export {};
