/**
 * Strict auth refuses every unseeded credential, in-process (the property: suites/auth.ts;
 * server.property.test.ts sends the same requests over HTTP).
 */
import { afterAll } from 'vitest';
import { stats } from './harness.js';
import { defineAuthProperties } from './suites/auth.js';
import { inProcess } from './transport.js';

afterAll(() => console.log(`[reliability] auth: ${stats.requests} requests with unseeded credentials`));

defineAuthProperties(inProcess);
