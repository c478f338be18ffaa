/** The markdown family keeps no state: it renders the request's text (reading commits of a `context` repository from the git family's graph). */
export {};
