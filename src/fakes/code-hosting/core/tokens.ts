import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { type TokenRecord, type TokenSeed, TokenSeedSchema, type TokenType } from './schemas/token.js';
import type { CodeHostingState } from '../state.js';
import { ensureAccount } from './lookup.js';
import { parseInput } from '../../../util/parse.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Deterministic pseudo-random characters from a counter value. */
function chars(seed: number, length: number): string {
  let x = (seed * 2654435761) >>> 0 || 1;
  let out = '';
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out += ALPHABET[x % ALPHABET.length];
  }
  return out;
}

const PREFIX: Record<TokenType, string> = { classic: 'ghp_', 'fine-grained': 'github_pat_', user: 'ghu_', installation: 'ghs_' };

/** A token string in the real format of its kind (`ghp_…`, `github_pat_…_…`, `ghu_…`, `ghs_…`). */
export function generateToken(type: TokenType, n: number): string {
  if (type === 'fine-grained') return `${PREFIX[type]}${chars(n, 22)}_${chars(n + 7919, 59)}`;
  return `${PREFIX[type]}${chars(n, 36)}`;
}

/** Seeds a token (turns the permission model on) and returns its record. */
export function seedToken(draft: Draft<CodeHostingState>, input: TokenSeed): TokenRecord {
  const s = parseInput(TokenSeedSchema, input, 'codeHosting.seed.token()');
  const n = nextId(draft.counters, 'token', 0);
  const token = s.token ?? generateToken(s.type, n);
  const rec: TokenRecord = {
    token,
    label: s.label ?? `${s.type}-${n}`,
    type: s.type,
    login: s.type === 'installation' && (s.login ?? 'octocat') === 'octocat' ? 'stuntdouble-app[bot]' : (s.login ?? 'octocat'),
    scopes: s.scopes ?? (s.type === 'classic' ? ['repo'] : []),
    permissions: s.permissions,
    repositories: s.repositories,
    // A seed that names its user acts as that user (repository roles apply); without one, as an owner of everything.
    ...(s.type !== 'installation' && s.login !== undefined ? { actsAs: true } : {}),
  };
  if (!draft.tokens[token]) draft.tokenCount += 1;
  draft.tokens[token] = rec;
  ensureAccount(draft, rec.login, 'User');
  return rec;
}
