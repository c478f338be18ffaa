import { createFakes } from 'stuntdouble';
const N = Number(process.env.N ?? 6000);
const journal = process.env.J !== '0';
const fakes = createFakes({ clock: '2024-01-01T00:00:00Z', journal });
const H = { authorization: 'token x', 'content-type': 'application/json' };
const base = 'https://api.github.com';
let r = await fakes.fetch(`${base}/user/repos`, { method: 'POST', headers: H, body: JSON.stringify({ name: 'hello' }) });
console.log('repo', r.status);
const login = (await r.json()).owner?.login ?? 'octocat';
const W = N / 10;
let t = performance.now();
let te = 0;
for (let i = 1; i <= N; i++) {
  r = await fakes.fetch(`${base}/repos/${login}/hello/issues`, { method: 'POST', headers: H, body: JSON.stringify({ title: 't' + i }) });
  if (i === 1) console.log('create', r.status, (await r.text()).slice(0, 80));
  const t1 = performance.now();
  r = await fakes.fetch(`${base}/repos/${login}/hello/issues/${i}`, { method: 'PATCH', headers: H, body: JSON.stringify({ title: 'u' + i }) });
  if (i === 1) console.log('edit', r.status);
  te += performance.now() - t1;
  if (i % 4000 === 0) fakes.clock.advance('1h');
  if (i % W === 0) {
    const now = performance.now();
    console.log(i, 'pair ms', ((now - t) / W).toFixed(3), 'edit ms', (te / W).toFixed(3), 'heap MB', (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0));
    t = now;
    te = 0;
  }
}
