// Copies the recordings the replay uses from a checkout of googleapis/js-genai's
// test/system/recordings/ into ./recordings, trimmed to what the replay reads: host, method, URL,
// request body, status, content type and response body. File names stay the original ones.
// Usage: node test/model-cache/replay/trim.mjs <path to test/system/recordings>
import fs from 'node:fs';
import path from 'node:path';

const METHODS = /:(generateContent|streamGenerateContent|countTokens|computeTokens|predict|embedContent|batchEmbedContents)\b/;
/** Model methods the replay covers (imagen and lyria generation are not faked). */
const inScope = (url) => METHODS.test(url) && !/models\/(imagen|lyria|veo)/.test(url);

const src = process.argv[2];
const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'recordings');
const split = (text) => {
  const m = /\r?\n\r?\n/.exec(text);
  return m ? { head: text.slice(0, m.index).split(/\r?\n/), body: text.slice(m.index + m[0].length) } : { head: text.split(/\r?\n/), body: '' };
};
let kept = 0;
for (const f of fs.readdirSync(src).sort()) {
  const p = path.join(src, f);
  if (f.endsWith('.req')) {
    const resp = p.replace(/\.req$/, '.resp');
    if (!fs.existsSync(resp)) continue;
    const req = fs.readFileSync(p, 'utf8');
    const host = /Server Address: (\S+)/.exec(req)?.[1];
    const { head, body } = split(req.slice(req.indexOf('\n', req.indexOf('*****')) + 1));
    if (!inScope(head[0])) continue;
    const r = split(fs.readFileSync(resp, 'utf8'));
    const ct = r.head.find((h) => /^content-type:/i.test(h)) ?? 'Content-Type: application/json';
    fs.writeFileSync(path.join(out, f), `Server Address: ${host}\n${'*'.repeat(80)}\n${head[0]}\nContent-Type: application/json\n\n${body.trim()}\n`);
    fs.writeFileSync(path.join(out, f.replace(/\.req$/, '.resp')), `${r.head[0].trim()}\n${ct}\n\n${r.body.trim()}\n`);
    kept++;
  } else if (f.endsWith('.json')) {
    const j = JSON.parse(fs.readFileSync(p, 'utf8'));
    const interactions = j.interactions
      .filter((it) => inScope(it.request.url))
      .map((it) => ({
        request: { method: it.request.method, url: it.request.url, serverAddress: it.request.serverAddress, bodySegments: it.request.bodySegments },
        response: {
          statusCode: it.response.statusCode,
          headers: { 'Content-Type': it.response.headers?.['Content-Type'] ?? it.response.headers?.['content-type'] },
          bodySegments: it.response.bodySegments,
        },
      }));
    if (interactions.length === 0) continue;
    fs.writeFileSync(path.join(out, f), `${JSON.stringify({ recordID: j.recordID, interactions }, null, 2)}\n`);
    kept++;
  }
}
console.log(`kept ${kept} recordings in ${out}`);
