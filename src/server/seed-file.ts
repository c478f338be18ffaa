import { unlink, writeFile } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Fakes } from '../create-fakes.js';
import { SERVICE_NAMES, type ServiceName } from '../fakes/service-name.js';
import { scenarios } from '../scenarios/index.js';
import { didYouMean } from './nearest.js';

/** A seed: what `--seed` loads; applied at start and again after every reset through the admin API. */
export type SeedFunction = (fakes: Fakes) => unknown;

const SCENARIOS = scenarios as unknown as Record<string, (options?: unknown) => Parameters<Fakes['apply']>[0]>;

/**
 * Loads a seed file: JSON (`{ "seed": { "codeHosting": { "repo": [ {...} ] } }, "scenarios": [ "name" | { "name", "options" } ] }`)
 * or a module (`.js`, `.mjs`, `.cjs`, `.ts`, `.mts`) whose default export is `(fakes) => void | Promise<void>`.
 */
export async function loadSeedFile(file: string): Promise<SeedFunction> {
  const abs = path.resolve(file);
  const ext = path.extname(abs).toLowerCase();
  if (ext === '.json') {
    let doc: unknown;
    try {
      doc = JSON.parse(await readFile(abs, 'utf8'));
    } catch (err) {
      throw new Error(`stuntdouble: cannot read seed file ${file}: ${(err as Error).message}`);
    }
    const plan = parseSeedDocument(doc, file);
    return (fakes) => runSeedDocument(fakes, plan, file);
  }
  if (!['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'].includes(ext)) {
    throw new Error(`stuntdouble: seed file ${file}: use a .json file or a .js/.mjs/.ts module (got '${ext || 'no extension'}')`);
  }
  const mod = (await importModule(abs, ext)) as { default?: unknown; seed?: unknown };
  const fn = typeof mod.default === 'function' ? mod.default : typeof mod.seed === 'function' ? mod.seed : undefined;
  if (!fn) throw new Error(`stuntdouble: seed module ${file} must export a function as default: export default (fakes) => { ... }`);
  return fn as SeedFunction;
}

async function importModule(abs: string, ext: string): Promise<unknown> {
  try {
    return await import(pathToFileURL(abs).href);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && (err as Error).message.includes(abs)) throw new Error(`stuntdouble: seed file ${abs} does not exist`);
    if (!ext.endsWith('ts') || code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
  }
  // Node without type stripping: compile the module with the TypeScript or esbuild the project has.
  const source = await readFile(abs, 'utf8');
  const js = await transpile(source, abs);
  const out = path.join(path.dirname(abs), `.${path.basename(abs)}.stuntdouble-${process.pid}.mjs`);
  await writeFile(out, js);
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    await unlink(out).catch(() => undefined);
  }
}

async function transpile(source: string, file: string): Promise<string> {
  const load = (name: string) => import(name).catch(() => undefined) as Promise<Record<string, unknown> | undefined>;
  const esbuild = await load('esbuild');
  if (esbuild && typeof esbuild.transform === 'function') {
    const out = await (esbuild.transform as (s: string, o: object) => Promise<{ code: string }>)(source, { loader: 'ts', format: 'esm', sourcefile: file });
    return out.code;
  }
  const tsMod = await load('typescript');
  const ts = (tsMod?.default ?? tsMod) as { transpileModule?: (s: string, o: object) => { outputText: string } } | undefined;
  if (ts?.transpileModule) return ts.transpileModule(source, { compilerOptions: { module: 99, target: 9 }, fileName: file }).outputText;
  throw new Error(
    `stuntdouble: cannot load the TypeScript seed ${file}: this Node has no type stripping and neither esbuild nor typescript is installed; use a .js or .json seed, or Node >= 22.18`,
  );
}

interface SeedPlan {
  seeds: Array<{ service: ServiceName; helper: string; input: unknown }>;
  scenarios: Array<{ name: string; options: unknown }>;
}

/** Validates a JSON seed document; names its mistakes with the nearest valid spelling. */
export function parseSeedDocument(doc: unknown, file: string): SeedPlan {
  const where = `seed file ${file}`;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new Error(`stuntdouble: ${where} must hold a JSON object { "seed": {...}, "scenarios": [...] }`);
  const plan: SeedPlan = { seeds: [], scenarios: [] };
  for (const key of Object.keys(doc)) {
    if (key !== 'seed' && key !== 'scenarios' && key !== '$schema' && key !== 'description')
      throw new Error(`stuntdouble: ${where}: unknown key '${key}'.${didYouMean(key, ['seed', 'scenarios'])}`);
  }
  const d = doc as { seed?: unknown; scenarios?: unknown };
  if (d.seed !== undefined) {
    if (typeof d.seed !== 'object' || d.seed === null || Array.isArray(d.seed)) throw new Error(`stuntdouble: ${where}: "seed" maps a service to its helpers`);
    for (const [service, helpers] of Object.entries(d.seed)) {
      if (!(SERVICE_NAMES as readonly string[]).includes(service))
        throw new Error(`stuntdouble: ${where}: unknown service '${service}'.${didYouMean(service, SERVICE_NAMES)}`);
      if (typeof helpers !== 'object' || helpers === null || Array.isArray(helpers))
        throw new Error(`stuntdouble: ${where}: "seed.${service}" maps a helper name to a list of inputs`);
      for (const [helper, inputs] of Object.entries(helpers)) {
        for (const input of Array.isArray(inputs) ? inputs : [inputs]) plan.seeds.push({ service: service as ServiceName, helper, input });
      }
    }
  }
  if (d.scenarios !== undefined) {
    if (!Array.isArray(d.scenarios)) throw new Error(`stuntdouble: ${where}: "scenarios" is a list of names or { "name", "options" }`);
    for (const s of d.scenarios) {
      const name = typeof s === 'string' ? s : (s as { name?: unknown })?.name;
      if (typeof name !== 'string') throw new Error(`stuntdouble: ${where}: each scenario is a name or { "name", "options" }`);
      if (!Object.hasOwn(SCENARIOS, name)) throw new Error(`stuntdouble: ${where}: unknown scenario '${name}'.${didYouMean(name, Object.keys(SCENARIOS))}`);
      plan.scenarios.push({ name, options: typeof s === 'string' ? {} : ((s as { options?: unknown }).options ?? {}) });
    }
  }
  return plan;
}

function runSeedDocument(fakes: Fakes, plan: SeedPlan, file: string): void {
  for (const { service, helper, input } of plan.seeds) {
    const seed = (fakes[service] as unknown as { seed: Record<string, unknown> }).seed;
    const fn = Object.hasOwn(seed, helper) ? seed[helper] : undefined;
    if (typeof fn !== 'function')
      throw new Error(`stuntdouble: seed file ${file}: ${service} has no seed helper '${helper}'.${didYouMean(helper, Object.keys(seed))}`);
    (fn as (i: unknown) => unknown).call(seed, input);
  }
  for (const { name, options } of plan.scenarios) fakes.apply((SCENARIOS[name] as (o: unknown) => Parameters<Fakes['apply']>[0])(options));
}
