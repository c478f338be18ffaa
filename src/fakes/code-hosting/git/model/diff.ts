/**
 * Line diffs of file versions, for the `files` of commits and comparisons: additions, deletions and a
 * unified-diff `patch` with three lines of context, as `git diff` prints its hunks (without headers).
 */

/** What a file's diff answers. */
export interface LineDiff {
  additions: number;
  deletions: number;
  /** Unified hunks; undefined for binary content. */
  patch?: string;
}

type Op = { kind: ' ' | '-' | '+'; line: string };

const MAX_LINES = 20_000;

function lines(s: string): string[] {
  if (s === '') return [];
  const out = s.split('\n');
  if (out[out.length - 1] === '') out.pop();
  return out;
}

/** Myers' O((N+M)·D) shortest edit script between two line arrays. */
function editScript(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && (v[max + k - 1] as number) < (v[max + k + 1] as number)) ? (v[max + k + 1] as number) : (v[max + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[max + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // Walk the trace back from the end.
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d] as Int32Array;
    const k = x - y;
    const prevK = k === -d || (k !== d && (vd[max + k - 1] as number) < (vd[max + k + 1] as number)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : (vd[max + prevK] as number);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: ' ', line: a[--x] as string });
      y--;
    }
    if (d > 0) {
      if (x === prevX) ops.push({ kind: '+', line: b[--y] as string });
      else ops.push({ kind: '-', line: a[--x] as string });
    }
  }
  return ops.reverse();
}

/** The diff from `before` to `after` (texts; null: the file does not exist on that side). */
export function lineDiff(before: Buffer | null, after: Buffer | null): LineDiff {
  const binary = (b: Buffer | null) => b?.subarray(0, 8000).includes(0) === true;
  if (binary(before) || binary(after)) return { additions: 0, deletions: 0 };
  const a = lines(before?.toString('utf8') ?? '');
  const b = lines(after?.toString('utf8') ?? '');
  if (a.length + b.length > MAX_LINES) return { additions: b.length, deletions: a.length };
  const ops = editScript(a, b);
  let additions = 0;
  let deletions = 0;
  for (const o of ops) {
    if (o.kind === '+') additions++;
    else if (o.kind === '-') deletions++;
  }
  if (additions + deletions === 0) return { additions, deletions, patch: '' };
  return { additions, deletions, patch: hunks(ops, a) };
}

/** The hunk heading git adds: the nearest line above the hunk that starts with a letter, `_` or `$`. */
function heading(old: readonly string[], before: number): string {
  for (let i = before - 1; i >= 0; i--) {
    const l = old[i] as string;
    if (/^[A-Za-z_$]/.test(l)) return ` ${l.slice(0, 80).trimEnd()}`;
  }
  return '';
}

/** Groups an edit script into `@@ -a,b +c,d @@ heading` hunks with three lines of context. */
function hunks(ops: readonly Op[], old: readonly string[]): string {
  const out: string[] = [];
  const changed = ops.map((o, i) => (o.kind === ' ' ? -1 : i)).filter((i) => i >= 0);
  let i = 0;
  while (i < changed.length) {
    const start = Math.max(0, (changed[i] as number) - 3);
    let end = (changed[i] as number) + 3;
    while (i + 1 < changed.length && (changed[i + 1] as number) - 3 <= end + 1) end = (changed[++i] as number) + 3;
    end = Math.min(ops.length - 1, end);
    i++;
    let oldStart = 1;
    let newStart = 1;
    for (let j = 0; j < start; j++) {
      const k = (ops[j] as Op).kind;
      if (k !== '+') oldStart++;
      if (k !== '-') newStart++;
    }
    const body = ops.slice(start, end + 1);
    const oldLen = body.filter((o) => o.kind !== '+').length;
    const newLen = body.filter((o) => o.kind !== '-').length;
    const range = (s: number, l: number) => (l === 1 ? `${s}` : `${l === 0 ? s - 1 : s},${l}`);
    out.push(`@@ -${range(oldStart, oldLen)} +${range(newStart, newLen)} @@${heading(old, oldStart - 1)}`);
    for (const o of body) out.push(`${o.kind}${o.line}`);
  }
  return out.join('\n');
}
