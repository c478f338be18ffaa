import type { HookRecord, DeliveryRecord } from './hooks/schemas/hook.js';
import type { AuthorRecord, ImportRecord, OriginRecord } from './imports/schemas.js';
import type { Account, RepoRecord } from './core/schemas/repo.js';
import type { TokenRecord } from './core/schemas/token.js';
import { type CatalogSlice, initialCatalog } from './core/catalog/state.js';
import { type IssueIndexSlice, initialIssueIndex } from './issues/state.js';
import { type GitSlice, initialGitSlice } from './git/model.js';
import { type ActionsSlice, initialActionsSlice } from './actions/model.js';
import { type CollaboratorSlice, initialCollaboratorSlice } from './collaborators/model.js';
import { type OrgMembershipSlice, initialOrgMembershipSlice } from './orgs/model.js';
import { type ReleaseSlice, initialReleaseSlice } from './releases/model.js';
import { type StatusSlice, initialStatusSlice } from './statuses/model.js';
import { type TeamSlice, initialTeamSlice } from './teams/model.js';
import { type CheckSlice, initialCheckSlice } from './checks/model.js';
import { type DeploymentSlice, initialDeploymentSlice } from './deployments/model.js';
import { type RepoSettingsSlice, initialRepoSettingsSlice } from './repo-settings/model.js';
import { type InteractionLimitSlice, initialInteractionLimitSlice } from './interaction-limits/model.js';
import { type CopilotSlice, initialCopilotSlice } from './copilot/model.js';
import { type SocialSlice, initialSocialSlice } from './social/model.js';

/** The code hosting fake's state slice. Collections are records keyed by id with small indexes beside them. */
export interface CodeHostingState {
  counters: Record<string, number>;
  /** Seeded tokens, keyed by the token string. */
  tokens: Record<string, TokenRecord>;
  /** Number of seeded tokens (a seeded token turns the permission model on). */
  tokenCount: number;
  /** Accounts keyed by lower-cased login. */
  accounts: Record<string, Account>;
  /** Account id → lower-cased login (`invitee_id` of organization invitations). */
  accountIds: Record<string, string>;
  /** Repositories keyed by id. */
  repos: Record<string, RepoRecord>;
  /** Lower-cased `owner/repo` → repository id. */
  repoIndex: Record<string, number>;
  /** Lower-cased owner login → repository ids in creation order. */
  reposByOwner: Record<string, number[]>;
  /** Lower-cased former `owner/repo` of a renamed or transferred repository → its id (the old path redirects). */
  repoRedirects: Record<string, number>;
  /** Repository id → ids of its direct forks, oldest first. */
  repoForks: Record<string, number[]>;
  /** Remote origins keyed by normalized URL. */
  origins: Record<string, OriginRecord>;
  /** Imports keyed by repository id. */
  imports: Record<string, ImportRecord>;
  /** Commit authors of imports, keyed by id. */
  authors: Record<string, AuthorRecord>;
  /** Webhooks keyed by id. */
  hooks: Record<string, HookRecord>;
  /** Hook target (`repo:<id>` / `org:<login>`) → hook ids. */
  hooksByTarget: Record<string, number[]>;
  /** Deliveries keyed by id. */
  deliveries: Record<string, DeliveryRecord>;
  /** Delivery ids in order. */
  deliveryOrder: number[];
  /** Hook id → delivery ids. */
  deliveriesByHook: Record<string, number[]>;
  /**
   * Set by `imports.retireAt()` or a scenario: import endpoints answer the retirement error from this
   * instant (epoch ms; null: never). Absent: the `importsRetireAt` option decides.
   */
  importsRetiredAt?: number | null;
  /** How many more import writes answer the "endpoint has been spammed" 422 (scenario `importSpammed`). */
  importsSpam: number;
  /** When true: import endpoints answer 503 (maintenance). */
  importsMaintenance: boolean;
  /** Resources of the generic catalog routes, and rate-limit windows. */
  catalog: CatalogSlice;
  /** Issues and pull requests: secondary indexes over their catalog records (relations/issues/state.ts). */
  issueIndex: IssueIndexSlice;
  /** Git objects and non-branch refs per repository id (relations/git/graph.ts). */
  git: GitSlice;
  /** Release indexes: by tag, by creation time (relations/releases/model.ts). */
  releases: ReleaseSlice;
  /** Commit statuses and their per-commit indexes (relations/statuses/model.ts). */
  statuses: StatusSlice;
  /** Organization teams, their members and repositories (relations/teams/model.ts). */
  teams: TeamSlice;
  /** Check runs, check suites and annotations (relations/checks/model.ts). */
  checks: CheckSlice;
  /** Deployments and deployment statuses (relations/deployments/model.ts). */
  deployments: DeploymentSlice;
  /** Workflows, workflow runs and jobs: indexes over their catalog records (relations/actions/model.ts). */
  actions: ActionsSlice;
  /** Repository collaborators and invitations (relations/collaborators/model.ts). */
  collaborators: CollaboratorSlice;
  /** Organization memberships and invitations (relations/orgs/model.ts). */
  orgMemberships: OrgMembershipSlice;
  /** Repository security toggles and organization immutable-releases policies (relations/repo-settings/model.ts). */
  repoSettings: RepoSettingsSlice;
  /** Interaction limits of repositories, organizations and users (relations/interaction-limits/model.ts). */
  interactionLimits: InteractionLimitSlice;
  /** Copilot Business seats (relations/copilot/model.ts). */
  copilot: CopilotSlice;
  /** Stars and follows, indexed both ways (relations/social/model.ts). */
  social: SocialSlice;
}

/** A fresh state slice. */
export function initialCodeHostingState(): CodeHostingState {
  return {
    counters: {},
    tokens: {},
    tokenCount: 0,
    accounts: {},
    accountIds: {},
    repos: {},
    repoIndex: {},
    reposByOwner: {},
    repoRedirects: {},
    repoForks: {},
    origins: {},
    imports: {},
    authors: {},
    hooks: {},
    hooksByTarget: {},
    deliveries: {},
    deliveryOrder: [],
    deliveriesByHook: {},
    importsSpam: 0,
    importsMaintenance: false,
    catalog: initialCatalog(),
    issueIndex: initialIssueIndex(),
    git: initialGitSlice(),
    releases: initialReleaseSlice(),
    statuses: initialStatusSlice(),
    teams: initialTeamSlice(),
    checks: initialCheckSlice(),
    deployments: initialDeploymentSlice(),
    actions: initialActionsSlice(),
    collaborators: initialCollaboratorSlice(),
    orgMemberships: initialOrgMembershipSlice(),
    repoSettings: initialRepoSettingsSlice(),
    interactionLimits: initialInteractionLimitSlice(),
    copilot: initialCopilotSlice(),
    social: initialSocialSlice(),
  };
}
