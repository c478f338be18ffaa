export { REPO_OPS } from './routes/copies.js';
export { forkRepository, generateFromTemplate, relationRepo } from './model/copies.js';
export { type RepoDestination, dropRepositoryPaths, moveRepository, repoPath } from './model/move.js';
export { type MovedRequest, movedError, movedRepo } from '../core/moved.js';
