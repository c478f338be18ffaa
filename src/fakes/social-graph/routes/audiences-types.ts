/** Registers the ads node types of issue 6 (CustomAudience, AdSet, AdAccount), in that order. */
import './audiences-node.js';
import './ad-set-node.js';
import './ad-account-node.js';
