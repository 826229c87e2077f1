#!/usr/bin/env node
// `npx hooklab …` inside Hooklab's own checkout (node_modules/.bin/hooklab links here, made by
// link-checkout-bin.mjs at `npm install`): npm never links a project's own "bin", and the built
// bin it names may not exist yet in a fresh checkout. Builds dist/package when missing or stale,
// then runs it in this process.
import { rebuildPackageIfStale } from '../build/ensure-package.mjs';

rebuildPackageIfStale();
await import('../../../dist/package/cli/hooklab.js');
