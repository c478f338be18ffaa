/**
 * The artifacts family keeps no slice of its own: a cluster's deployment-record jobs are catalog
 * records at `/orgs/<org>/artifacts/metadata/deployment-record/cluster/<cluster>/jobs/<job id>`.
 */
export const JOBS = '/orgs/{org}/artifacts/metadata/deployment-record/cluster/{cluster}/jobs';

/** A job's states, as GitHub's description lists them. */
export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
