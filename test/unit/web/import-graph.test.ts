/**
 * The SPA's import graph (issue 18): features do not import each other, and no module of web/src is part of an
 * import cycle. Reads the sources as text; type-only imports count too, since they couple the folders all the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WEB = path.join(ROOT, 'web/src');
const SPEC = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The web/src module a relative specifier names (`./x.js` is x.ts or x.tsx), or undefined outside web/src. */
function resolve(from: string, spec: string, known: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec).replace(/\.jsx?$/, '');
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => known.has(f));
}

function importGraph(): Map<string, string[]> {
  const files = sources(WEB);
  const known = new Set(files);
  return new Map(files.map((f) => [f, [...readFileSync(f, 'utf8').matchAll(SPEC)].map((m) => resolve(f, m[1], known)).filter((t): t is string => Boolean(t))]));
}

/** Strongly connected components with more than one module, or a module importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(path.relative(ROOT, w));
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const featureOf = (file: string) => path.relative(path.join(WEB, 'features'), file).split(path.sep)[0];
const inFeatures = (file: string) => !path.relative(path.join(WEB, 'features'), file).startsWith('..');

describe('the web import graph', () => {
  it('has no import from one feature into another', () => {
    const graph = importGraph();

    const crossing = [...graph].flatMap(([from, targets]) => targets
      .filter((to) => inFeatures(from) && inFeatures(to) && featureOf(from) !== featureOf(to))
      .map((to) => `${path.relative(WEB, from)} -> ${path.relative(WEB, to)}`));

    expect(crossing).toEqual([]);
  });

  it('has no import cycle among the modules of web/src', () => {
    const graph = importGraph();

    const found = cycles(graph);

    expect(found).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself can fail)', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);

    expect(cycles(graph).map((c) => c.length)).toEqual([3]);
  });
});
