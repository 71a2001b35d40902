import fs from 'node:fs';
import path from 'node:path';
import postcss, { type PluginCreator } from 'postcss';
import { PurgeCSS } from 'purgecss';

const REACT_BOOTSTRAP = 'node_modules/react-bootstrap/esm';

/**
 * Class prefixes that react-bootstrap joins to a prop's value (`btn-${variant}`, `bg-${bg}`, `spinner-${animation}`,
 * `modal-fullscreen-${fullscreen}`, ...). Our code passes those values as words (variant="outline-danger", or a
 * map of them), and builds text-bg-${variant} itself, so every word of our source is tried after each prefix.
 */
const PROP_PREFIXES = [
  'alert',
  'bg',
  'border',
  'btn',
  'form-control',
  'form-select',
  'input-group',
  'modal',
  'modal-fullscreen',
  'navbar-expand',
  'spinner',
  'spinner-border',
  'text',
  'text-bg',
];

/** Grid props: <Col sm={6}> is col-sm-6, <Row xs={1}> is row-cols-1. */
const BREAKPOINT_PROP = /\b(xs|sm|md|lg|xl|xxl)=\{'?(\d+|auto)'?\}/g;

/** Classes react-bootstrap builds from a boolean prop or a default of its own, so they are in no source as words. */
const SAFELIST = [
  'modal-dialog',
  'modal-content',
  'modal-backdrop',
  'modal-static',
  'modal-dialog-centered',
  'modal-dialog-scrollable',
  'table-responsive',
  'table-hover',
  'alert-dismissible',
  // Form.Control.Feedback is `${type}-feedback`.
  'valid-feedback',
  'invalid-feedback',
  'nav-tabs',
  'navbar-nav',
];

const WORD = /[A-Za-z0-9_-]+/g;

function sourceClasses(text: string): string[] {
  const words = text.match(WORD) ?? [];
  const composed = words.flatMap((word) => PROP_PREFIXES.map((prefix) => `${prefix}-${word}`));
  const grid = [...text.matchAll(BREAKPOINT_PROP)].flatMap(([, bp, n]) =>
    bp === 'xs' ? [`col-${n}`, `row-cols-${n}`] : [`col-${bp}-${n}`, `row-cols-${bp}-${n}`],
  );
  return [...words, ...composed, ...grid];
}

/** index.html and every .ts/.tsx file under src/, as one text. */
function readSource(): string {
  const files = fs
    .readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join('src', file));
  return ['index.html', ...files].map((file) => fs.readFileSync(file, 'utf8')).join('\n');
}

/** The react-bootstrap modules our source imports, and the modules they import in turn. */
function reactBootstrapModules(sourceText: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const file = path.join(REACT_BOOTSTRAP, `${name}.js`);
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    for (const [, dep] of fs.readFileSync(file, 'utf8').matchAll(/from '\.\/([A-Za-z]+)(?:\.js)?'/g)) visit(dep);
  };
  for (const [, name] of sourceText.matchAll(/from 'react-bootstrap\/([A-Za-z]+)'/g)) visit(name);
  return [...seen];
}

/**
 * Drops the rules of Bootstrap's Sass build (src/bootstrap.scss) whose classes neither our source nor the
 * react-bootstrap components it uses can put on the page, so the first download carries only what the screens
 * can show. Other stylesheets pass through untouched.
 */
export const purgeBootstrap: PluginCreator<void> = () => ({
  postcssPlugin: 'giftwise-purge-bootstrap',
  async OnceExit(root, { result }) {
    if (!root.source?.input.file?.endsWith('/src/bootstrap.scss')) return;
    const sourceText = readSource();
    const [purged] = await new PurgeCSS().purge({
      content: [{ raw: sourceText, extension: 'tsx' }, ...reactBootstrapModules(sourceText)],
      extractors: [{ extractor: sourceClasses, extensions: ['tsx'] }],
      css: [{ raw: root.toString() }],
      safelist: SAFELIST,
    });
    root.removeAll();
    root.append(postcss.parse(purged.css, { from: result.opts.from }).nodes);
  },
});
purgeBootstrap.postcss = true;
