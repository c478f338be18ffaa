import { z } from 'zod';
import { InvalidInputError, parseInput } from '../util/parse.js';
import type { Fakes, Scenario } from '../create-fakes.js';
import type { ServiceName } from '../fakes/service-name.js';

export type { Scenario } from '../create-fakes.js';

/** A scenario builder: call it with options to get a {@link Scenario}. Carries its metadata for docs. */
export interface ScenarioFactory<I, H> {
  (options?: I): Scenario<H>;
  readonly scenarioName: string;
  readonly description: string;
  readonly service: ServiceName | 'all';
  readonly reaches?: string;
  readonly optionsSchema: z.ZodType;
  /** What `apply` returns, in words (for docs/scenarios.md). */
  readonly handles: string;
}

/** What {@link defineScenario} takes. */
export interface ScenarioDefinition<Schema extends z.ZodType, H> {
  name: string;
  description: string;
  service: ServiceName | 'all';
  reaches?: string;
  /** A zod schema of the options; a wrong option is a clear error, not a silently different state. */
  options?: Schema;
  /** What `apply` returns, in words. */
  handles: string;
  /** Puts the fakes into the state, given the validated options; returns the handles. */
  apply(fakes: Fakes, options: z.output<Schema>): H;
  /**
   * Optional: proves through the public wire (`fakes.fetch` with the handles) that the state named in
   * `reaches` holds; throws an Error describing the mismatch. The scenario catalog test runs it.
   */
  check?(fakes: Fakes, handles: H, options: z.output<Schema>): Promise<void>;
}

/**
 * Defines a scenario builder.
 * @example
 * export const importNeedsAuth = defineScenario({
 *   name: 'importNeedsAuth', service: 'codeHosting', description: '...', handles: '{ owner, repo }',
 *   options: z.object({ owner: z.string().default('octo') }),
 *   apply: (fakes, o) => { ...; return { owner: o.owner } },
 * });
 */
export function defineScenario<Schema extends z.ZodType = z.ZodObject<Record<string, never>>, H = unknown>(
  def: ScenarioDefinition<Schema, H>,
): ScenarioFactory<z.input<Schema>, H> {
  const schema = (def.options ?? z.object({}).strict()) as z.ZodType;
  const factory = (input?: z.input<Schema>): Scenario<H> => {
    let options: z.output<Schema>;
    try {
      // An unknown option key or enum value throws an UnknownNameError naming the nearest spellings.
      options = parseInput(schema, input ?? {}, `scenarios.${def.name}() options`) as z.output<Schema>;
    } catch (err) {
      if (!(err instanceof InvalidInputError)) throw err;
      const issues = (schema.safeParse(input ?? {}).error?.issues ?? []).map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ');
      throw new TypeError(`stuntdouble: scenario ${def.name}: invalid options: ${issues}`);
    }
    return {
      name: def.name,
      description: def.description,
      service: def.service,
      ...(def.reaches ? { reaches: def.reaches } : {}),
      options,
      apply: (fakes) => def.apply(fakes, options),
      ...(def.check ? { check: (fakes: Fakes, handles: H) => (def.check as NonNullable<typeof def.check>)(fakes, handles, options) } : {}),
    };
  };
  return Object.assign(factory, {
    scenarioName: def.name,
    description: def.description,
    service: def.service,
    ...(def.reaches ? { reaches: def.reaches } : {}),
    optionsSchema: schema,
    handles: def.handles,
  });
}
