import { z } from 'zod';

const url = z.string();
const nullableString = z.string().nullable();

/** A hook's `config` as the API accepts it. */
export const HookConfigInputSchema = z.object({
  url: z.string().optional(),
  content_type: z.enum(['json', 'form']).optional(),
  secret: z.string().optional(),
  insecure_ssl: z.union([z.string(), z.number()]).optional(),
});

/** Body of `POST .../hooks`. */
export const CreateHookBodySchema = z.object({
  name: z.string().optional(),
  config: HookConfigInputSchema.optional(),
  events: z.array(z.string()).optional(),
  active: z.boolean().optional(),
});

/** Body of `PATCH .../hooks/{hook_id}`. */
export const UpdateHookBodySchema = z.object({
  config: HookConfigInputSchema.optional(),
  events: z.array(z.string()).optional(),
  add_events: z.array(z.string()).optional(),
  remove_events: z.array(z.string()).optional(),
  active: z.boolean().optional(),
});

/** What `fakes.codeHosting.seed.hook(...)` accepts: a repository hook (`repo` given) or an organization hook. */
export const HookSeedSchema = z
  .object({
    owner: z.string().min(1),
    repo: z.string().min(1).optional(),
    url: z.string().min(1),
    secret: z.string().optional(),
    events: z.array(z.string()).default(['repository_import']),
    active: z.boolean().default(true),
    contentType: z.enum(['json', 'form']).default('json'),
  })
  .strict();
/** Input of a hook seed. */
export type HookSeed = z.input<typeof HookSeedSchema>;

/** A stored webhook. */
export interface HookRecord {
  id: number;
  /** `repo:<id>` or `org:<login lower-cased>`. */
  target: string;
  kind: 'Repository' | 'Organization';
  /** Repository id or organization account id (the installation target). */
  targetId: number;
  /** Always `web` for repository and organization hooks. */
  name: 'web';
  active: boolean;
  events: string[];
  config: { url: string; content_type: 'json' | 'form'; insecure_ssl: string; secret: string | null };
  createdAt: string;
  updatedAt: string;
  lastResponse: { code: number | null; status: string; message: string | null };
}

/** A recorded webhook delivery (what `fakes.codeHosting.deliveries` lists). */
export interface DeliveryRecord {
  id: number;
  guid: string;
  hookId: number;
  event: string;
  action: string | null;
  url: string;
  deliveredAt: string;
  redelivery: boolean;
  repositoryId: number | null;
  /** Request headers sent to the hook URL. */
  requestHeaders: Record<string, string>;
  /** The JSON payload sent. */
  payload: Record<string, unknown>;
  /** The exact body sent (the signature covers these bytes). */
  body: string;
  /** HTTP status the hook URL answered; 0 before the POST finished or when it failed at the network level. */
  statusCode: number;
  /** `'pending'`, `'OK'`, or a failure text. */
  status: string;
  responseBody: string | null;
  responseHeaders: Record<string, string>;
  duration: number;
}

/**
 * GitHub's webhook JSON: `hook` for a repository hook, `org-hook` for an organization hook, as
 * `fakes.codeHosting.seed.hook(...)` returns it. `test_url` and `last_response` are on repository hooks only.
 */
export const HookJsonSchema = z.object({
  type: z.enum(['Repository', 'Organization']),
  id: z.number().int(),
  /** Always `web`. */
  name: z.string(),
  active: z.boolean(),
  events: z.array(z.string()),
  config: z.object({
    content_type: z.enum(['json', 'form']),
    insecure_ssl: z.string(),
    url,
    /** `********` when the hook has a secret (the secret itself is never shown). */
    secret: z.string().optional(),
  }),
  updated_at: z.string(),
  created_at: z.string(),
  url,
  test_url: url.optional(),
  ping_url: url,
  deliveries_url: url,
  last_response: z.object({ code: z.number().int().nullable(), status: z.string(), message: nullableString }).optional(),
});

/** GitHub's webhook JSON, as `fakes.codeHosting.seed.hook(...)` returns it. */
export type HookJson = z.infer<typeof HookJsonSchema>;
