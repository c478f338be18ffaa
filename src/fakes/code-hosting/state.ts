import { type HookFields, initialHookFields } from './hooks/state.js';
import { type ImportFields, initialImportFields } from './imports/state.js';
import { type RepoFields, initialRepoFields } from './repos/state.js';
import type { TokenRecord } from './core/schemas/token.js';
import { type CatalogSlice, initialCatalog } from './core/catalog/state.js';
import { type IssueIndexSlice, initialIssueIndex } from './issues/state.js';
import { type GitSlice, initialGitSlice } from './git/state.js';
import { type ActionsSlice, initialActionsSlice } from './actions/state.js';
import { type CollaboratorSlice, initialCollaboratorSlice } from './collaborators/state.js';
import { type OrgMembershipSlice, initialOrgMembershipSlice } from './orgs/state.js';
import { type ReleaseSlice, initialReleaseSlice } from './releases/state.js';
import { type StatusSlice, initialStatusSlice } from './statuses/state.js';
import { type TeamSlice, initialTeamSlice } from './teams/state.js';
import { type CheckSlice, initialCheckSlice } from './checks/state.js';
import { type DeploymentSlice, initialDeploymentSlice } from './deployments/state.js';
import { type RepoSettingsSlice, initialRepoSettingsSlice } from './repo-settings/state.js';
import { type InteractionLimitSlice, initialInteractionLimitSlice } from './interaction-limits/state.js';
import { type CopilotSlice, initialCopilotSlice } from './copilot/state.js';
import { type SocialSlice, initialSocialSlice } from './social/state.js';
import { type EventSlice, initialEventSlice } from './events/state.js';
import { type NotificationSlice, initialNotificationSlice } from './notifications/state.js';
import { type AppSlice, initialAppSlice } from './apps/state.js';
import { type SubIssueSlice, initialSubIssueSlice } from './sub-issues/state.js';

/** The code hosting fake's state slice. Collections are records keyed by id with small indexes beside them. */
export interface CodeHostingState extends RepoFields, ImportFields, HookFields {
  counters: Record<string, number>;
  /** Seeded tokens, keyed by the token string. */
  tokens: Record<string, TokenRecord>;
  /** Number of seeded tokens (a seeded token turns the permission model on). */
  tokenCount: number;
  /** Resources of the generic catalog routes, and rate-limit windows. */
  catalog: CatalogSlice;
  /** Issues and pull requests: secondary indexes over their catalog records (issues/state.ts). */
  issueIndex: IssueIndexSlice;
  /** Git objects and non-branch refs per repository id (git/state.ts). */
  git: GitSlice;
  /** Release indexes: by tag, by creation time (releases/state.ts). */
  releases: ReleaseSlice;
  /** Commit statuses and their per-commit indexes (statuses/state.ts). */
  statuses: StatusSlice;
  /** Organization teams, their members and repositories (teams/state.ts). */
  teams: TeamSlice;
  /** Check runs, check suites and annotations (checks/state.ts). */
  checks: CheckSlice;
  /** Deployments and deployment statuses (deployments/state.ts). */
  deployments: DeploymentSlice;
  /** Workflows, workflow runs and jobs: indexes over their catalog records (actions/state.ts). */
  actions: ActionsSlice;
  /** Repository collaborators and invitations (collaborators/state.ts). */
  collaborators: CollaboratorSlice;
  /** Organization memberships and invitations (orgs/state.ts). */
  orgMemberships: OrgMembershipSlice;
  /** Repository security toggles and organization immutable-releases policies (repo-settings/state.ts). */
  repoSettings: RepoSettingsSlice;
  /** Interaction limits of repositories, organizations and users (interaction-limits/state.ts). */
  interactionLimits: InteractionLimitSlice;
  /** Copilot Business seats (copilot/state.ts). */
  copilot: CopilotSlice;
  /** Stars and follows, indexed both ways (social/state.ts). */
  social: SocialSlice;
  /** Activity events and their timelines (events/state.ts). */
  events: EventSlice;
  /** Notification threads, the inbox of each user and who takes part in each subject (notifications/state.ts). */
  notifications: NotificationSlice;
  /** GitHub Apps, their installations and minted installation tokens (apps/state.ts). */
  apps: AppSlice;
  /** Sub-issues, their parents and the issue id index (sub-issues/state.ts). */
  subIssues: SubIssueSlice;
}

/** A fresh state slice. */
export function initialCodeHostingState(): CodeHostingState {
  return {
    counters: {},
    tokens: {},
    tokenCount: 0,
    ...initialRepoFields(),
    ...initialImportFields(),
    ...initialHookFields(),
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
    events: initialEventSlice(),
    notifications: initialNotificationSlice(),
    apps: initialAppSlice(),
    subIssues: initialSubIssueSlice(),
  };
}
