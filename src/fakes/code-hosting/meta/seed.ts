/**
 * The meta family has no seed helpers: its data is GitHub's own (meta/model/data.ts), and a
 * repository's license comes from the file seeded or committed at its root
 * (`seed.file({ owner, repo, path: 'LICENSE', content })`).
 */
export {};
