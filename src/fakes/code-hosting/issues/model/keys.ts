/** Catalog keys (GitHub API paths relative to the base URL) of the family's objects. */

/** `/repos/o/r/issues/<n>`: an issue, or the issue side of a pull request. */
export const issueKey = (rp: string, n: number): string => `${rp}/issues/${n}`;
/** `/repos/o/r/pulls/<n>`: the pull request side of issue n. */
export const pullKey = (rp: string, n: number): string => `${rp}/pulls/${n}`;
/** `/repos/o/r/issues/comments/<id>`: an issue comment, by id. */
export const issueCommentKey = (rp: string, id: number): string => `${rp}/issues/comments/${id}`;
/** `/repos/o/r/pulls/comments/<id>`: a review comment, by id. */
export const reviewCommentKey = (rp: string, id: number): string => `${rp}/pulls/comments/${id}`;
/** `/repos/o/r/comments/<id>`: a commit comment, by id. */
export const commitCommentKey = (rp: string, id: number): string => `${rp}/comments/${id}`;
/** `/repos/o/r/issues/events/<id>`: an issue event, by id. */
export const eventKey = (rp: string, id: number): string => `${rp}/issues/events/${id}`;
/** `/repos/o/r/pulls/<n>/reviews/<id>`: a review. */
export const reviewKey = (rp: string, n: number, id: number): string => `${rp}/pulls/${n}/reviews/${id}`;
/** `/repos/o/r/labels/<name>`: a label. */
export const labelKey = (rp: string, name: string): string => `${rp}/labels/${encodeURIComponent(name)}`;
/** `/repos/o/r/milestones/<n>`: a milestone. */
export const milestoneKey = (rp: string, n: number): string => `${rp}/milestones/${n}`;
/** `/repos/o/r/branches/<name>`: a branch (the git family's record; read here, moved only by a merge). */
export const branchKey = (rp: string, name: string): string => `${rp}/branches/${encodeURIComponent(name)}`;

/** Timeline entries encode their kind in the low bits of the id. */
export const TIMELINE_KIND = { event: 0, comment: 1, review: 2 } as const;
/** A timeline entry for an object id of a kind. */
export const timelineEntry = (id: number, kind: keyof typeof TIMELINE_KIND): number => id * 4 + TIMELINE_KIND[kind];
