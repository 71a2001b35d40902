import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The hand-written docs name files and link to each other; files move (issue 20 moved the server into modules),
 * and a doc that still names the old place misleads the next reader. This check fails when a link, a link's
 * #anchor, or a repository path written in `backticks` no longer resolves.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

function markdownFiles(): string[] {
  const underDocs = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file));
  return ['README.md', 'bench/README.md', ...underDocs].filter((file) => fs.existsSync(path.join(ROOT, file)));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCodeBlocks(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Fenced blocks hold examples and drawings (folder listings, shell lines), not references. */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

const REPO_FOLDERS = ['src', 'server', 'contract', 'scripts', 'tests', 'bench', 'docs', 'public'];

/** `contract/{auth,orders}.ts` stands for `contract/auth.ts` and `contract/orders.ts`. */
function expandBraces(candidate: string): string[] {
  const braces = /\{([^{}]*)\}/.exec(candidate);
  if (!braces) return [candidate];
  const [before, after] = [candidate.slice(0, braces.index), candidate.slice(braces.index + braces[0].length)];
  return braces[1].split(',').flatMap((part) => expandBraces(before + part + after));
}

/**
 * `server/app.ts`, `src/api/`, `contract/{auth,orders}.ts` or an import such as `#contract/orders` in prose.
 * Globs and placeholders (`*`, `<name>`, `$PORT`) name no single file and are left alone.
 */
function backtickedRepoPaths(markdown: string): string[] {
  const paths: string[] = [];
  for (const [, code] of withoutCodeBlocks(markdown).matchAll(/`([^`\s]+)`/g)) {
    const trimmed = code.replace(/[.,;:]+$/, '');
    const candidate = /^#contract\/\w+$/.test(trimmed) ? `${trimmed.slice(1)}.ts` : trimmed;
    if (!REPO_FOLDERS.some((folder) => candidate.startsWith(`${folder}/`))) continue;
    if (/[*<>$[\]|]/.test(candidate)) continue;
    paths.push(...expandBraces(candidate));
  }
  return paths;
}

function brokenReferences(file: string): string[] {
  const markdown = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const dir = path.dirname(path.join(ROOT, file));
  const problems: string[] = [];
  // The team's working notes beside the clone are not part of the product, so no doc may send a reader there.
  if (/\.\.\/shared\b/.test(markdown)) problems.push(`${file}: names ../shared, which is outside the repository`);
  for (const [, target] of withoutCodeBlocks(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:: outside the repository
    const [filePart, anchor] = target.split('#');
    const resolved = filePart ? path.resolve(dir, filePart) : path.join(ROOT, file);
    if (!resolved.startsWith(ROOT + path.sep) && resolved !== ROOT) {
      problems.push(`${file}: link ${target} leaves the repository`);
    } else if (!fs.existsSync(resolved)) {
      problems.push(`${file}: link ${target} names no file`);
    } else if (anchor && !headingAnchors(fs.readFileSync(resolved, 'utf8')).has(anchor)) {
      problems.push(`${file}: link ${target} names no heading of ${path.relative(ROOT, resolved)}`);
    }
  }
  for (const repoPath of backtickedRepoPaths(markdown)) {
    if (!fs.existsSync(path.join(ROOT, repoPath))) problems.push(`${file}: \`${repoPath}\` does not exist`);
  }
  return problems;
}

describe('documentation', () => {
  it('finds the Markdown it checks', () => {
    expect(markdownFiles()).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
  });

  it('keeps the README a short manual (issue 20: at most 120 lines); details belong in docs/', () => {
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(120);
  });

  it('links only to files and headings that exist, and names only repository paths that exist', () => {
    expect(markdownFiles().flatMap(brokenReferences)).toEqual([]);
  });

  it('reads `a/{b,c}.ts` as two paths and `#contract/x` as contract/x.ts', () => {
    expect(backtickedRepoPaths('`contract/{auth,orders}.ts`, `#contract/http`, `#contract/*`, `src/<x>.ts`')).toEqual([
      'contract/auth.ts',
      'contract/orders.ts',
      'contract/http.ts',
    ]);
  });

  it('reads headings the way GitHub anchors them', () => {
    expect([...headingAnchors('# The API\n## Occasions, reminders & the `feed` (customer)\n## The API\n')]).toEqual([
      'the-api',
      'occasions-reminders--the-feed-customer',
      'the-api-1',
    ]);
  });
});
