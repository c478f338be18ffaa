#!/usr/bin/env node
/** The `stuntdouble` command (`npx stuntdouble serve`): see docs/server.md. */
import { main } from '../server/cli.js';

main(process.argv.slice(2)).then(
  // Exit explicitly: a webhook delivery still pending must not keep a stopped server's process alive.
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`stuntdouble: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
