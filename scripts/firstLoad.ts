import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The first visit's budgets, gzip kB: what dist/index.html makes the browser fetch before any screen's chunk.
 * React, react-dom and the router's data mode alone are about 95 kB of JS; the CSS rules the screens use, about 9 kB.
 * The JS budget was 105 kB until the alert of a page load held for want of the server (0.35 kB, issue 19) joined
 * the entry: it must work offline, so it cannot come in a chunk of its own (decision 0011).
 */
export const FIRST_LOAD_BUDGET_KB = { js: 105.5, css: 16 } as const;

export type AssetKind = keyof typeof FIRST_LOAD_BUDGET_KB;

export interface FirstLoadFile {
  file: string;
  kind: AssetKind;
  raw: number;
  gzip: number;
}

/** The scripts (entry and modulepreloads) and stylesheets a built index.html names, with their sizes in bytes. */
export function firstLoadFiles(distDir = 'dist'): FirstLoadFile[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="(\/static\/[^"]+\.(js|css))"/g)].map(([, file, ext]) => {
    const data = fs.readFileSync(path.join(distDir, file));
    return { file, kind: ext as AssetKind, raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
  });
}

/** The total of one kind, in kB (1,024 bytes). */
export function totalKb(files: FirstLoadFile[], kind: AssetKind, key: 'raw' | 'gzip' = 'gzip'): number {
  return files.filter((f) => f.kind === kind).reduce((sum, f) => sum + f[key], 0) / 1024;
}
