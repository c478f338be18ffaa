import { describe, expect, it } from 'vitest';
import { Journal, type RecordedCall } from './journal.js';

function call(seq: number, body: unknown): RecordedCall {
  return {
    seq,
    service: 'codeHosting',
    operation: 'issues/create',
    method: 'POST',
    url: 'https://api.github.com/repos/octo/hello/issues',
    path: '/repos/octo/hello/issues',
    route: '/repos/{owner}/{repo}/issues',
    params: {},
    query: {},
    headers: {},
    body: undefined,
    status: 201,
    response: { headers: { 'content-type': 'application/json; charset=utf-8' }, body },
    at: '2024-01-10T00:00:00.000Z',
    token: null,
    version: null,
    tags: [],
  };
}

describe('journal answer texts', () => {
  it('reads every answer back as sent, from sealed packs and the open one, in any order', () => {
    const journal = new Journal();
    const sent = Array.from({ length: 70 }, (_, i) => ({ number: i + 1, title: `Issue ${i + 1} é ✓`, author_association: 'OWNER', labels: [{ name: 'bug' }] }));
    for (const [i, b] of sent.entries()) journal.record(call(i + 1, b));
    const calls = journal.calls;
    expect(calls.map((c) => c.response.body)).toEqual(sent);
    expect(calls[69]?.response.body).toEqual(sent[69]);
    expect(calls[0]?.response.body).toEqual(sent[0]);
    expect(calls[40]?.response.body).toEqual(sent[40]);
    // The entry serializes and clones with its body like a plain object.
    expect(JSON.parse(JSON.stringify(calls[3]))).toMatchObject({ response: { body: sent[3] } });
    expect(structuredClone(calls[3])?.response.body).toEqual(sent[3]);
    expect(Object.keys(calls[3]?.response ?? {})).toEqual(['headers', 'body']);
  });

  it('reads back answers sent again and again (each text kept once per pack) in their order', () => {
    const journal = new Journal();
    const a = { number: 1, title: 'Same' };
    const b = { number: 2, title: 'Other' };
    // Fresh objects with the same text, interleaved with another, across several packs.
    const sent = Array.from({ length: 100 }, (_, i) => (i % 5 === 3 ? { ...b, seq: i } : { ...a }));
    for (const [i, body] of sent.entries()) journal.record(call(i + 1, body));
    expect(journal.calls.map((c) => c.response.body)).toEqual(sent);
    expect(journal.calls[98]?.response.body).toEqual(sent[98]);
    expect(journal.calls[3]?.response.body).toEqual({ ...b, seq: 3 });
  });

  it('keeps an answer that may hold a secret redacted, as a value', () => {
    const journal = new Journal();
    journal.record(call(1, { token: 'ghs_abcdefghijklmnop', expires_at: '2024-01-10T01:00:00Z' }));
    expect(journal.calls[0]?.response.body).toEqual({ token: '[redacted]', expires_at: '2024-01-10T01:00:00Z' });
  });

  it('scrubs the request credential an answer echoes', () => {
    const journal = new Journal();
    journal.record(call(1, { note: 'sent with ghp_secretsecret123' }), { headers: { authorization: 'token ghp_secretsecret123' } });
    expect(JSON.stringify(journal.calls[0]?.response.body)).not.toContain('ghp_secretsecret123');
  });
});
