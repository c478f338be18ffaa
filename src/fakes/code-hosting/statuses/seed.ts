/**
 * The statuses family has no seed helper and stores no resource seeded by path: a status is created
 * as GitHub creates one (`POST /repos/{owner}/{repo}/statuses/{sha}`), on a commit that exists (seed
 * commits with `seed.commit` / `seed.file`, git/seed.ts). `seed.resource` on a status path stores a
 * generic catalog record (the engine's), which the statuses' own reads do not see.
 */
export {};
