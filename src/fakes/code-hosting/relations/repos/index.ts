export { REPO_OPS } from './ops.js';
export { forkRepository, generateFromTemplate, relationRepo } from './model.js';
export { type RepoDestination, dropRepositoryPaths, moveRepository, repoPath } from './move.js';
export { type MovedRequest, movedError, movedRepo } from './redirect.js';
