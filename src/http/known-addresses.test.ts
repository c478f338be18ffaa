import { describe, expect, it } from 'vitest';
import { knownHostOf } from './known-addresses.js';

describe("addresses of a faked service's own network", () => {
  it.each([
    ['140.82.112.3', 443],
    ['140.82.127.255', 80],
    ['192.30.255.113', 443],
    ['185.199.108.153', 443],
    ['143.55.64.1', 443],
    ['::ffff:140.82.112.3', 443],
    ['[2606:50c0:8000::154]', 443],
    ['2a0a:a440::1', 443],
  ])('%s:%i is api.github.com', (address, port) => {
    expect(knownHostOf(address, port)).toBe('api.github.com');
  });

  it.each([
    ['140.82.112.3', 22, 'not a web port (git over SSH is not faked)'],
    ['140.82.128.0', 443, 'just outside 140.82.112.0/20'],
    ['8.8.8.8', 443, 'not GitHub'],
    ['157.240.1.35', 443, "Meta's edge: shared by every Meta product, no list of Graph's own"],
    ['142.250.1.95', 443, "Google's front ends: shared by every Google product and Cloud customers"],
    ['api.github.com', 443, 'a name (matched by name elsewhere)'],
  ])('%s:%i is none (%s)', (address, port) => {
    expect(knownHostOf(address, port)).toBeUndefined();
  });
});
