/**
 * The ESLint rule `hooklab/tiers`: every relative import (type-only, re-export and dynamic
 * `import()` included) is resolved to the file it names and must point down the tiers of
 * docs/architecture.md. Resolving the path (instead of matching `../../features/*` patterns)
 * keeps the rule true at any folder depth, so it cannot silently rot when files move.
 */
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * The renderer's layers, top down: shell (composes the areas) > features (one folder each) >
 * components > app-state (routes, URL state, stores every area shares) > transport and lib
 * (the bottom, side by side: neither imports the other).
 */
const RENDERER_RANKS = { shell: 4, features: 3, components: 2, 'app-state': 1, transport: 0, lib: 0 };

/**
 * Where a source path sits: its tier and, for features, services and hosts, which one; in the
 * renderer, its layer (none for the page's entry, main.tsx, which may import any layer).
 */
export function tierOf(path) {
  const parts = path.split('/');
  if (parts[0] === 'shared') return { tier: 'shared' };
  if (parts[0] === 'renderer') {
    const layer = parts[1] === 'src' && parts.length >= 3 && Object.hasOwn(RENDERER_RANKS, parts[2]) ? parts[2] : undefined;
    return { tier: 'renderer', layer, unit: layer === 'features' ? parts[3] : undefined };
  }
  if (parts[0] !== 'electron' || parts.length < 3) return { tier: 'other' };
  const tier = parts[1];
  if (tier === 'features' || tier === 'services' || tier === 'hosts') return { tier, unit: parts[2] };
  if (tier === 'core' || tier === 'emulator') return { tier };
  return { tier: 'other' };
}

const BELOW_CORE = ['features', 'services', 'shared'];

/**
 * Why `from` may not import `to`, or null when it may. Each tier imports only the tiers below
 * it: hosts > core > features > services > shared, with the emulator (a program of its own)
 * beside the features, reaching only the platform-level services and shared/.
 */
export function tierViolation(from, to) {
  const a = tierOf(from);
  const b = tierOf(to);
  if (a.tier === 'other' || b.tier === 'other') return null;
  switch (a.tier) {
    case 'hosts':
      if (b.tier === 'renderer') return 'hosts reach the renderer only through the contract, never by import';
      if (b.tier === 'hosts' && b.unit === 'cli' && a.unit !== 'cli') {
        return `only the CLI imports hosts/cli (hosts/${a.unit} -> hosts/cli): what hosts share lives in electron/hosts/kit`;
      }
      return null;
    case 'core':
      return BELOW_CORE.includes(b.tier) || b.tier === 'core' ? null : `core may import features, services and shared/, not ${b.tier}`;
    case 'features':
      if (b.tier === 'features') {
        return a.unit === b.unit
          ? null
          : `a feature never imports another feature (features/${a.unit} -> features/${b.unit}): move what both need into electron/services`;
      }
      if (b.tier === 'emulator') {
        return a.unit === 'sandbox' ? null : 'only features/sandbox (which runs it) imports the emulator; shared facts of the emulator live in shared/emulator';
      }
      return b.tier === 'services' || b.tier === 'shared' ? null : `features may import services and shared/, not ${b.tier}`;
    case 'services':
      return b.tier === 'services' || b.tier === 'shared' ? null : `services may import other services and shared/, not ${b.tier}`;
    case 'emulator':
      if (b.tier === 'emulator' || b.tier === 'shared') return null;
      if (b.tier === 'services' && (b.unit === 'platform' || b.unit === 'net')) return null;
      return 'the emulator is a program of its own: it imports shared/, services/platform and services/net only';
    case 'shared':
      return b.tier === 'shared' ? null : 'shared/ is pure TypeScript for both sides: it imports nothing of electron/ or renderer/';
    case 'renderer':
      if (b.tier === 'renderer') return rendererLayerViolation(a, b);
      return b.tier === 'shared' ? null : 'the renderer reaches electron/ only through the contract (window.hooklab)';
    default:
      return null;
  }
}

/** Why renderer file `a` may not import renderer file `b` (both as tierOf gives them), or null. */
function rendererLayerViolation(a, b) {
  if (!a.layer || !b.layer) return null;
  if (a.layer === 'features' && b.layer === 'features') {
    return a.unit === b.unit
      ? null
      : `a feature never imports another feature (features/${a.unit} -> features/${b.unit}): move what two features share into components/, app-state/ or lib/`;
  }
  const from = RENDERER_RANKS[a.layer];
  const to = RENDERER_RANKS[b.layer];
  if (to < from || a.layer === b.layer) return null;
  if (to === from) return `${a.layer}/ and ${b.layer}/ are the bottom of the renderer, side by side: neither imports the other`;
  return `${b.layer}/ is above ${a.layer}/ in the renderer (shell > features > components > app-state > transport, lib)`;
}

function toPosix(path) {
  return path.split(sep).join('/');
}

/** @type {import('eslint').Rule.RuleModule} */
export const tiersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports point only down the tiers of electron/ and the layers of the renderer (docs/architecture.md).' },
    schema: [],
  },
  create(context) {
    const cwd = context.cwd;
    const from = toPosix(relative(cwd, context.filename));
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = toPosix(relative(cwd, resolve(dirname(context.filename), source.value)));
      const reason = tierViolation(from, to);
      if (reason) context.report({ node, message: `${source.value}: ${reason}.` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};
