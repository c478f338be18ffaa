export { SOCIAL_OPS } from './ops.js';
export { type Join, type SocialSlice, initialSocialSlice, stargazerCount } from './model.js';
