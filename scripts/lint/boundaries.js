/**
 * Project ESLint rules for the import boundaries of ../shared/design/conventions.md ("Boundaries").
 * Relative specifiers are resolved against the importing file, so a rule names folders of the repository
 * (`functions/adapters`) instead of guessing how many `../` a file needs.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The repository-relative path a specifier points at, or the package name for a bare specifier. */
function target(spec, filename) {
  if (spec.startsWith('.')) return { kind: 'path', value: path.relative(ROOT, path.resolve(path.dirname(filename), spec)).split(path.sep).join('/') };
  if (spec.startsWith('@contracts/')) return { kind: 'path', value: `functions/contracts/${spec.slice('@contracts/'.length)}` };
  return { kind: 'package', value: spec };
}

const under = (p, folder) => p === folder || p.startsWith(`${folder}/`);

/** Calls `check(node, spec)` for every static import, re-export, dynamic import() and require() with a literal source. */
function eachImport(check) {
  const literal = (node, source) => { if (source?.type === 'Literal' && typeof source.value === 'string') check(node, source.value); };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    'CallExpression[callee.name="require"]': (node) => literal(node, node.arguments[0]),
  };
}

/** `forbid`: repository folders and package prefixes the files of this config block may not import; `allow` wins over `forbid`. */
const noImportOutside = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports across the boundaries of conventions.md' },
    schema: [{
      type: 'object',
      properties: {
        forbid: { type: 'array', items: { type: 'string' } },
        forbidPackages: { type: 'array', items: { type: 'string' } },
        allow: { type: 'array', items: { type: 'string' } },
        because: { type: 'string' },
      },
      additionalProperties: false,
    }],
    messages: { forbidden: "'{{spec}}' crosses a boundary: {{because}}" },
  },
  create(context) {
    const { forbid = [], forbidPackages = [], allow = [], because = '' } = context.options[0] ?? {};
    return eachImport((node, spec) => {
      const t = target(spec, context.filename);
      const hit = t.kind === 'path'
        ? forbid.some((f) => under(t.value, f)) && !allow.some((a) => under(t.value, a))
        : forbidPackages.some((p) => (p.endsWith('/') ? t.value.startsWith(p) : t.value === p || t.value.startsWith(`${p}/`)));
      if (hit) context.report({ node, messageId: 'forbidden', data: { spec, because } });
    });
  },
};

/** Files under `<root>/<name>/` may import from no other `<root>/<other>/` (web features stay independent). */
const noSiblingImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports between sibling folders (web features do not import each other)' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    messages: {
      sibling: "'{{spec}}': {{root}}/{{own}} may not import {{root}}/{{other}}; move the shared piece to web/src/components or compose both in web/src/app" },
  },
  create(context) {
    const { root } = context.options[0];
    const self = path.relative(ROOT, context.filename).split(path.sep).join('/');
    if (!under(self, root)) return {};
    const own = self.slice(root.length + 1).split('/')[0];
    return eachImport((node, spec) => {
      const t = target(spec, context.filename);
      if (t.kind !== 'path' || !under(t.value, root)) return;
      const other = t.value.slice(root.length + 1).split('/')[0];
      if (other && other !== own) context.report({ node, messageId: 'sibling', data: { spec, root, own, other } });
    });
  },
};

/** `new XClient(...)` of a class imported from an @aws-sdk package (the AWS SDK clients live in functions/adapters). */
const noAwsClient = {
  meta: {
    type: 'problem',
    docs: { description: 'Only functions/adapters constructs AWS SDK clients' },
    schema: [],
    messages: { client: "new {{name}}(): construct AWS SDK clients in functions/adapters (one client module per service) and pass the adapter in" },
  },
  create(context) {
    const sdk = new Set();
    return {
      ImportDeclaration(node) {
        if (typeof node.source.value !== 'string' || !node.source.value.startsWith('@aws-sdk/')) return;
        for (const s of node.specifiers) {
          if (s.type === 'ImportSpecifier' && /Client$/.test(s.imported.name ?? s.imported.value)) sdk.add(s.local.name);
        }
      },
      NewExpression(node) {
        if (node.callee.type === 'Identifier' && sdk.has(node.callee.name)) context.report({ node, messageId: 'client', data: { name: node.callee.name } });
      },
    };
  },
};

/**
 * A use-case module of functions/core: one that exports a function taking its ports first, named `deps` or `ports`
 * (`export async function signUp(deps: SignUpDeps, ...)`), the convention of conventions.md for use cases.
 */
const USE_CASE = /export\s+(?:async\s+)?function\*?\s*\w+\s*(?:<[^>]*>)?\s*\(\s*_?(?:deps|ports)\b|export\s+const\s+\w+\s*=\s*(?:async\s*)?\(\s*_?(?:deps|ports)\b/;
const useCaseCache = new Map();
function isUseCaseModule(repoPath) {
  if (!useCaseCache.has(repoPath)) {
    const file = path.join(ROOT, repoPath.replace(/\.js$/, '.ts'));
    const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    useCaseCache.set(repoPath, USE_CASE.test(source));
  }
  return useCaseCache.get(repoPath);
}

/**
 * Adapters implement ports; they do not compose use cases (that is functions/wiring's job). A value import from a
 * use-case module of `core` is an error; type-only imports (the ports a use case declares) are fine.
 */
const noUseCaseImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Adapters import ports, models and pure helpers from core, never a use case' },
    schema: [{ type: 'object', properties: { core: { type: 'string' } }, required: ['core'], additionalProperties: false }],
    messages: { useCase: "'{{spec}}' is a use-case module of {{core}}: adapters implement ports and compose nothing; wire use cases in functions/wiring" },
  },
  create(context) {
    const { core } = context.options[0];
    const check = (node, source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const t = target(source.value, context.filename);
      if (t.kind === 'path' && under(t.value, core) && isUseCaseModule(t.value)) {
        context.report({ node, messageId: 'useCase', data: { spec: source.value, core } });
      }
    };
    const valueSpecifiers = (node) => node.importKind !== 'type' && (node.specifiers.length === 0
      || node.specifiers.some((s) => s.type !== 'ImportSpecifier' || s.importKind !== 'type'));
    return {
      ImportDeclaration: (node) => { if (valueSpecifiers(node)) check(node, node.source); },
      ExportNamedDeclaration: (node) => { if (node.source && node.exportKind !== 'type') check(node, node.source); },
      ExportAllDeclaration: (node) => { if (node.exportKind !== 'type') check(node, node.source); },
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default {
  meta: { name: 'meetscribe-boundaries' },
  rules: {
    'no-import-outside': noImportOutside, 'no-sibling-import': noSiblingImport, 'no-aws-client': noAwsClient,
    'no-use-case-import': noUseCaseImport,
  },
};
