import type { CatalogRow } from 'stuntdouble/code-hosting';

// Path parameter values shared by the tests that walk every catalog row: the seeded owner and
// repository, and for every other parameter a value its family's fixture seeds (else `<name>-1`).

/** The owner every catalog walk seeds. */
export const OWNER = 'octo';
/** The repository every catalog walk seeds. */
export const REPO = 'hello';

const VALUES: Readonly<Record<string, string>> = {
  org: 'acme',
  enterprise: 'acme-ent',
  username: 'mona',
  target_user: 'hubot',
  path: 'docs/README.md',
  dir: 'docs',
  ref: 'heads/main',
  branch: 'main',
  basehead: 'main...dev',
  archive_format: 'zip',
  package_type: 'npm',
  security_product: 'dependabot_alerts',
  enablement: 'enable_all',
  tool_name: 'CodeQL',
  language: 'javascript',
};

/** The value of one path parameter of a row (`repo` may name another seeded repository). */
export function paramValue(name: string, row: CatalogRow, repo = REPO): string {
  if (name === 'owner' || name === 'template_owner') return OWNER;
  if (name === 'repo' || name === 'template_repo') return repo;
  return row.intParams.includes(name) ? '7' : (VALUES[name] ?? `${name.replace(/_/g, '-')}-1`);
}

/** A row's template (or another spelling of it) with every parameter filled in, URL-encoded. */
export function concretePath(row: CatalogRow, template = row.path, repo = REPO): string {
  return template.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(paramValue(n, row, repo)));
}
