import { z } from 'zod';
import { paramError as sharedParamError, parseParams as sharedParseParams } from '../models/params.js';
import { gBool, gId, gInt, gJson, gList } from './coerce.js';

/** A JSON object given as an object or a JSON-encoded string. */
export const jsonObject = gJson(z.record(z.string(), z.unknown()));

/** A list given as an array, a JSON array string or a comma-separated string. */
export const jsonList = gList;

/** A boolean given as `true`/`false`, `'true'`/`'false'` or `1`/`0`. */
export const boolish = gBool;

/** An integer given as a number or a numeric string. */
export const intish = gInt;

/** A numeric id given as a number or a numeric string; read as a string. */
export const numericId = gId;

/** Turns the first zod issue of a parameter schema into Graph's `(#100)` parameter error (one wording for every Graph route). */
export const paramError = sharedParamError;

/** Parses parameters with a schema, throwing Graph's parameter error on the first problem. */
export const parseParams = sharedParseParams;
