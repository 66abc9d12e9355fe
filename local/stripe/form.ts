/**
 * Decodes Stripe's request encoding: application/x-www-form-urlencoded with bracket notation
 * (`items[0][price]=…`, `expand[]=…`, `metadata[userId]=…`) into nested objects and arrays.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const head = key.split('[')[0];
    const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]);
    insert(root, [head, ...rest], value);
  }
  return arrays(root) as Record<string, unknown>;
}

function insert(target: Record<string, unknown>, path: string[], value: string): void {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] === '' ? String(Object.keys(node).length) : path[i];
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  node[last === '' ? String(Object.keys(node).length) : last] = value;
}

/** Objects whose keys are 0..n-1 become arrays. */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
  const numeric = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (numeric) return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  return Object.fromEntries(entries);
}
