import { join, relative } from 'node:path';
import ts from 'typescript';
import { parse, where } from './source-files';

/**
 * Who imports which export, read from the syntax alone (no type checker: a few seconds for the
 * whole tree). Module specifiers resolve as the project's tsconfig resolves them. An import
 * through a barrel (`export * from`, `export { x } from`) counts for the barrel's re-export and
 * for the file that declares the name; `import * as ns`, dynamic `import()` and `require()`
 * count for every export of their module (they could use any).
 */
export interface ExportGraph {
  /** The exports of `files` that no other file imports and their own file does not use. */
  unused(files: readonly string[]): UnusedExport[];
}

export interface UnusedExport {
  /** `file:line name`. */
  readonly at: string;
  /** A type (interface or alias): nothing of it is left at run time. */
  readonly isType: boolean;
}

interface ModuleInfo {
  file: ts.SourceFile;
  /** Exported names declared here (or `export { local as name }`), with where they are written. */
  local: Map<string, ts.Node>;
  /** Names declared here that are types only (interfaces, aliases, `export type { … }`). */
  types: Set<string>;
  /** `export { name } from` / `export { from as name } from`: the name here, the module and its name there. */
  reExports: Map<string, { node: ts.Node; target: string | null; name: string; typeOnly: boolean }>;
  /** `export * from`: the modules whose names pass through. */
  stars: (string | null)[];
  /** What this file imports: a module and a name, or `*` for all of them. */
  imports: { target: string | null; name: string }[];
}

const EXPORTED = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const DEFAULT = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

/** `publicModules`: files whose every export is used from outside (an entry point, a declared kit). */
export function exportGraph(root: string, paths: readonly string[], publicModules: readonly string[] = []): ExportGraph {
  const config = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile).config as { compilerOptions: object };
  const options = ts.convertCompilerOptionsFromJson(config.compilerOptions, root).options;
  const cache = ts.createModuleResolutionCache(root, (s) => s, options);
  const known = new Set(paths);
  const resolve = (from: string, specifier: string): string | null => {
    const found = ts.resolveModuleName(specifier, join(root, from), options, ts.sys, cache).resolvedModule;
    if (!found || found.isExternalLibraryImport) return null;
    const path = relative(root, found.resolvedFileName).split('\\').join('/');
    // A script with declarations beside it (freshness.mjs and freshness.d.mts) is the script.
    const script = path.replace(/\.d\.([cm]?)ts$/, '.$1js');
    return known.has(path) ? path : known.has(script) ? script : null;
  };

  const modules = new Map<string, ModuleInfo>();
  // Parent links only where a name's own-file use is looked up (what `unused` is asked about is
  // not known yet: source folders are the ones with parents).
  for (const path of paths) modules.set(path, read(parse(root, path, !/^(test|\.ci)\//.test(path)), (specifier) => resolve(path, specifier)));

  const used = new Set<string>();
  const key = (path: string, name: string) => `${path}\0${name}`;
  const seen = new Set<string>();
  const use = (target: string | null, name: string): void => {
    const info = target === null ? undefined : modules.get(target);
    if (!info || seen.has(key(target!, name))) return;
    seen.add(key(target!, name));
    if (name === '*') {
      for (const n of [...info.local.keys(), ...info.reExports.keys()]) use(target, n);
      for (const star of info.stars) use(star, '*');
      return;
    }
    if (info.local.has(name)) used.add(key(target!, name));
    const re = info.reExports.get(name);
    if (re) {
      used.add(key(target!, name));
      use(re.target, re.name);
    }
    if (!info.local.has(name) && !re) for (const star of info.stars) use(star, name);
  };
  for (const info of modules.values()) for (const i of info.imports) use(i.target, i.name);
  for (const path of publicModules) use(path, '*');

  /** Whether `name` of `target` is a type, followed through re-exports. */
  const isType = (target: string | null, name: string, depth = 0): boolean => {
    const info = target === null ? undefined : modules.get(target);
    if (!info || depth > 20) return false;
    if (info.local.has(name)) return info.types.has(name);
    const re = info.reExports.get(name);
    if (re) return re.typeOnly || isType(re.target, re.name, depth + 1);
    return info.stars.some((star) => isType(star, name, depth + 1));
  };

  return {
    unused(files) {
      return files.flatMap((path) => {
        const info = modules.get(path);
        if (!info) return [];
        const names = [...info.local.entries(), ...[...info.reExports.entries()].map(([n, r]) => [n, r.node] as const)];
        return names
          .filter(([name, node]) => !used.has(key(path, name)) && !usedInFile(info.file, name, node))
          .map(([name, node]) => ({ at: `${where(info.file, node)} ${name}`, isType: isType(path, name) }));
      });
    },
  };
}

function read(file: ts.SourceFile, resolve: (specifier: string) => string | null): ModuleInfo {
  const info: ModuleInfo = { file, local: new Map(), types: new Set(), reExports: new Map(), stars: [], imports: [] };
  const localTypes = new Set(
    file.statements.filter((s) => ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)).map((s) => (s as ts.InterfaceDeclaration).name.text),
  );
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolve(statement.moduleSpecifier.text);
      const clause = statement.importClause;
      if (clause?.name) info.imports.push({ target, name: 'default' });
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) info.imports.push({ target, name: '*' });
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) info.imports.push({ target, name: (element.propertyName ?? element.name).text });
    } else if (ts.isExportDeclaration(statement)) {
      const target = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? resolve(statement.moduleSpecifier.text) : undefined;
      const clause = statement.exportClause;
      if (target === undefined) {
        if (clause && ts.isNamedExports(clause))
          for (const element of clause.elements) {
            info.local.set(element.name.text, element);
            if (statement.isTypeOnly || element.isTypeOnly || localTypes.has((element.propertyName ?? element.name).text)) info.types.add(element.name.text);
          }
      } else if (!clause) {
        info.stars.push(target);
      } else if (ts.isNamespaceExport(clause)) {
        info.local.set(clause.name.text, clause);
        info.imports.push({ target, name: '*' });
      } else {
        for (const element of clause.elements)
          info.reExports.set(element.name.text, {
            node: element,
            target,
            name: (element.propertyName ?? element.name).text,
            typeOnly: statement.isTypeOnly || element.isTypeOnly,
          });
      }
    } else if (ts.isExportAssignment(statement)) {
      info.local.set('default', statement);
    } else if (EXPORTED(statement)) {
      for (const name of declaredNames(statement)) info.local.set(DEFAULT(statement) ? 'default' : name.text, name);
      if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) info.types.add(statement.name.text);
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0]!)) {
      const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const required = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (dynamic || required) info.imports.push({ target: resolve(node.arguments[0].text), name: '*' });
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const first = node.qualifier ? leftmost(node.qualifier) : '*';
      info.imports.push({ target: resolve(node.argument.literal.text), name: first });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return info;
}

/** Whether `name` is read anywhere in `file` besides where it is declared and exported. */
function usedInFile(file: ts.SourceFile, name: string, declared: ts.Node): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isIdentifier(node) && node.text === name && node !== declared && !ts.isExportSpecifier(node.parent) && !isDeclarationName(node)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent as ts.Node & { name?: ts.Node };
  return parent.name === node && (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyAccessExpression(parent));
}

function leftmost(name: ts.EntityName): string {
  return ts.isIdentifier(name) ? name.text : leftmost(name.left);
}

function declaredNames(statement: ts.Statement): ts.Identifier[] {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name] : bindingNames(d.name)));
  const named = statement as ts.Statement & { name?: ts.Node };
  return named.name && ts.isIdentifier(named.name) ? [named.name] : [];
}

function bindingNames(pattern: ts.BindingPattern): ts.Identifier[] {
  return pattern.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : ts.isIdentifier(e.name) ? [e.name] : bindingNames(e.name)));
}
