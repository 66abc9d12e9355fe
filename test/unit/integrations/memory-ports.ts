/** In-memory ports of the integrations context for unit tests. */
import type { Connection, ConnectionStore, UserFlags } from '../../../functions/core/integrations/ports.js';
import type { ImportRecord, ImportRecords } from '../../../functions/core/integrations/import-recording.js';

export function memoryConnections(): ConnectionStore & { rows: Map<string, Connection>; links: Map<string, string> } {
  const rows = new Map<string, Connection>();
  const links = new Map<string, string>();
  const key = (u: string, s: string) => `${u}#${s}`;
  return {
    rows, links,
    async find(u, s) { const c = rows.get(key(u, s)); return c && structuredClone(c); },
    async put(c) { rows.set(key(c.userId, c.service), structuredClone(c)); },
    async replaceTokens(u, s, sealedTokens, from) {
      const c = rows.get(key(u, s));
      if (!c || c.tokenVersion !== from) return false;
      rows.set(key(u, s), { ...c, sealedTokens, tokenVersion: from + 1, needsReauthorization: false });
      return true;
    },
    async markNeedsReauthorization(u, s, from) {
      const c = rows.get(key(u, s));
      if (!c || c.tokenVersion !== from) return;
      const { sealedTokens: _t, ...rest } = c;
      rows.set(key(u, s), { ...rest, needsReauthorization: true, tokenVersion: from + 1 });
    },
    async update(u, s, changes) { const c = rows.get(key(u, s)); if (c) rows.set(key(u, s), { ...c, ...changes }); },
    async remove(u, s) { rows.delete(key(u, s)); },
    async link(s, k, u) { links.set(`${s}#${k}`, u); },
    async unlink(s, k, u) { if (links.get(`${s}#${k}`) === u) links.delete(`${s}#${k}`); },
    async userFor(s, k) { return links.get(`${s}#${k}`); },
  };
}

export function memoryFlags(): UserFlags & { flags: Map<string, Record<string, boolean>> } {
  const flags = new Map<string, Record<string, boolean>>();
  return { flags, async set(u, f) { flags.set(u, { ...(flags.get(u) ?? {}), ...f } as Record<string, boolean>); } };
}

export function memoryImports(): ImportRecords & { rows: Map<string, ImportRecord> } {
  const rows = new Map<string, ImportRecord>();
  const key = (s: string, r: string) => `${s}#${r}`;
  return {
    rows,
    async find(s, r) { return rows.get(key(s, r)); },
    async claim(record) {
      const existing = rows.get(key(record.service, record.recordingId));
      if (existing) return existing;
      rows.set(key(record.service, record.recordingId), record);
      return record;
    },
    async finish(s, r, status, reason) { const x = rows.get(key(s, r))!; rows.set(key(s, r), { ...x, status, reason }); },
    async listForUser(u, s) { return [...rows.values()].filter((x) => x.userId === u && x.service === s); },
    async remove(s, r) { rows.delete(key(s, r)); },
  };
}

/** A plain-text "cipher" so tests can read what was stored (the real one is tested on its own). */
export const clearCipher = { seal: async (t: string) => `clear:${t}`, open: async (t: string) => t.slice('clear:'.length) };
