/** The stored fields of a deployment. */
export interface DeploymentRecord {
  id: number;
  repoId: number;
  sha: string;
  ref: string;
  task: string;
  payload: unknown;
  original_environment: string;
  environment: string;
  description: string | null;
  creator: string;
  transient_environment: boolean;
  production_environment: boolean;
  created_at: string;
  updated_at: string;
}

/** The stored fields of a deployment status. */
export interface DeploymentStatusRecord {
  id: number;
  deployment: number;
  state: string;
  description: string;
  environment: string;
  target_url: string;
  log_url: string;
  environment_url: string;
  creator: string;
  created_at: string;
  updated_at: string;
}

/** The deployment indexes. */
export interface DeploymentSlice {
  records: Record<string, DeploymentRecord>;
  statuses: Record<string, DeploymentStatusRecord>;
  /** Repository id → deployment ids, oldest first. */
  byRepo: Record<string, number[]>;
  /** `<repo id>\n<environment>` → deployment ids, oldest first. */
  byEnv: Record<string, number[]>;
  /** Deployment id → status ids, oldest first. */
  statusesOf: Record<string, number[]>;
}

/** Empty deployment indexes. */
export function initialDeploymentSlice(): DeploymentSlice {
  return { records: {}, statuses: {}, byRepo: {}, byEnv: {}, statusesOf: {} };
}
