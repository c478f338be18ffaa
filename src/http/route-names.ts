import { UnknownNameError } from '../errors.js';
import { didYouMean, suggest } from '../util/suggest.js';

/** A parameter name in one spelling: lower case, `-` and camelCase turned to `_` (`{page-id}`, `{pageId}` → `{page_id}`). */
function normalizeParam(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
}

/** A route template with its parameter names normalized, so alias spellings compare equal. */
export function canonicalTemplate(template: string): string {
  return template.replace(
    /\{([+]?)([^}=]+)(=[^}]*)?\}/g,
    (_m, plus: string, name: string, pattern: string | undefined) => `{${plus}${normalizeParam(name)}${pattern ?? ''}}`,
  );
}

/**
 * The error for a route string that names no route of a service, with the nearest spellings. `title`
 * is the service's title (`GitHub has no route ...`); `undefined` when no service was named and none
 * of them has it (`no fake has a route ...`).
 */
export function routeKeyError(
  title: string | undefined,
  where: string,
  method: string | undefined,
  template: string,
  all: readonly string[],
  closest: readonly string[],
  services?: readonly string[],
): UnknownNameError {
  if (services) {
    const near = suggest(template, services);
    return new UnknownNameError(
      `stuntdouble: unknown service '${template}' in ${where}.${didYouMean(near.length ? near : services)}`,
      'service',
      template,
      near,
    );
  }
  const input = method ? `${method} ${template}` : template;
  const candidates = method ? all : all.map((r) => r.slice(r.indexOf(' ') + 1));
  const bySpelling = suggest(input, candidates);
  const near = [...new Set([...bySpelling, ...closest.filter((c) => !method || c.startsWith(`${method} `))])].slice(0, 3);
  return new UnknownNameError(
    `stuntdouble: ${title === undefined ? 'no fake has a' : `${title} has no`} route '${input}' (in ${where}).${didYouMean(near)} fakes.routes() lists them all.`,
    'route',
    input,
    near,
  );
}
