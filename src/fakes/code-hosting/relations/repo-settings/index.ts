export { REPO_SETTINGS_OPS } from './ops.js';
export { type RepoSettingsSlice, initialRepoSettingsSlice } from './model.js';
