import fc from 'fast-check';
import { createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';

const HOST = 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents';
const auth = { authorization: 'Bearer t' };

describe('model cache list paging (property)', () => {
  it('walks every live cache exactly once, in creation order, whatever the page size and deletions between pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (n, pageSize, deletions) => {
          const fakes = createFakes({ clock: '2026-01-01T00:00:00Z' });
          const seeded = fakes.modelCache.seed.cachedContents(n).map((s) => s.name);
          const deleted = new Set<string>();
          const seen: string[] = [];
          let token: string | undefined;
          let page = 0;
          do {
            const res = await fakes.fetch(`${HOST}?pageSize=${pageSize}${token ? `&pageToken=${token}` : ''}`, { headers: auth });
            expect(res.status).toBe(200);
            const body = (await res.json()) as { cachedContents?: Array<{ name: string }>; nextPageToken?: string };
            seen.push(...(body.cachedContents ?? []).map((c) => c.name));
            token = body.nextPageToken;
            // Delete a not-yet-seen cache between pages: it must not show up later.
            const pick = deletions[page++];
            const candidates = seeded.filter((s) => !seen.includes(s) && !deleted.has(s));
            if (pick !== undefined && candidates.length > 0) {
              const victim = candidates[pick % candidates.length] as string;
              const del = await fakes.fetch(`https://us-central1-aiplatform.googleapis.com/v1/${victim}`, { method: 'DELETE', headers: auth });
              expect(del.status).toBe(200);
              deleted.add(victim);
            }
          } while (token);
          expect(seen).toEqual(seeded.filter((s) => !deleted.has(s)));
        },
      ),
      { numRuns: 60 },
    );
  });
});
