import type { GraphQLResolveInfo } from 'graphql';
import type { PointsInfo } from './cost.js';
import type { RestEnv } from './rest-models.js';

/** What every resolver of one GraphQL request sees. */
export interface Env extends RestEnv {
  /** The login the caller acts as (a token's user; the default account of lenient mode). */
  readonly login: string;
  /** Web origin of the request's host (`https://github.com`): the `url` fields. */
  readonly web: string;
  /** The state as it was when the request arrived (frozen): node ids are looked up in it, also while a mutation writes. */
  readonly lookupState: RestEnv['state'];
  /** Keys the fakes instance's node-id index (any object that lives as long as the instance). */
  readonly nodeIndexOwner: object;
  /** The request's points and its window after counting them (`rateLimit`). */
  readonly rate: { cost: number; nodeCount: number; window: PointsInfo };
}

/** Field arguments as graphql-js hands them over (coerced to the schema's types). */
export type Args = Readonly<Record<string, unknown>>;

/** Resolves one field of one type from its parent's source object. */
export type FieldResolver<S> = (source: S, args: Args, env: Env, info: GraphQLResolveInfo) => unknown;

/** The resolvers of one object type, by field name. */
export type TypeResolvers<S> = Readonly<Record<string, FieldResolver<S>>>;

/**
 * Every resolver by type name and field name. A field of GitHub's schema that has no entry here is
 * one the fake does not serve: selecting it answers an error naming it (never a silent null).
 */
export type ResolverMap = Readonly<Record<string, TypeResolvers<never>>>;

/** A source object: what a resolver of a type receives, with its concrete GraphQL type name. */
export interface Typed {
  readonly __typename: string;
}

/** The request document of a GraphQL call. */
export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | null;
}

/** What the executor answers: the response body, the operation's name for the journal, the points it cost. */
export interface GraphqlOutcome {
  body: Record<string, unknown>;
  /** `graphql:<OperationName>`, or `graphql:query` / `graphql:mutation` for an anonymous operation. */
  operation: string;
  /** Rate-limit points (0 for a request rejected before execution). */
  cost: number;
  /** Schema fields the query selected that the fake does not resolve (`Type.field`). */
  unserved: string[];
}
