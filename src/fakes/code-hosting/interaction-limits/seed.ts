/**
 * The interaction-limits family has no seed helper and stores no resource seeded by path: a limit is
 * set as GitHub sets one (`PUT /repos/{owner}/{repo}/interaction-limits`, the organization's and the
 * user's), which expires on the fake clock. `seed.resource` on a limit path stores a generic catalog
 * record (the engine's), which the limits' own reads do not see.
 */
export {};
