/** The markdown family has nothing to seed: rendering reads only the request and the repositories' commits. */
export {};
