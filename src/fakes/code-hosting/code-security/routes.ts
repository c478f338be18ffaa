import type { RelationOp } from '../core/family.js';
import { param } from '../core/ops.js';
import { defaultConfigurations, setDefault } from './model.js';

/**
 * The defaults of code security configurations: `PUT .../{configuration_id}/defaults` answers what
 * the configuration is now the default for and the configuration itself; `GET .../defaults` lists the
 * organization's defaults. The configurations themselves are the generic engine's.
 */

const C = '/orgs/{org}/code-security/configurations';

const put: RelationOp = (rc) => {
  const { value, configuration } = setDefault(rc.state, param(rc.op, 'org'), param(rc.op, 'configuration_id'), rc.op.body.default_for_new_repos);
  return { status: 200, body: { default_for_new_repos: value, configuration } };
};

const list: RelationOp = (rc) => ({ status: 200, body: defaultConfigurations(rc.state, param(rc.op, 'org')) });

/** Code security configuration default operations by `METHOD template`. */
export const CODE_SECURITY_OPS: Readonly<Record<string, RelationOp>> = {
  [`GET ${C}/defaults`]: list,
  [`PUT ${C}/{configuration_id}/defaults`]: put,
};
