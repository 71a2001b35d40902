import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const DIST = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const PRODUCTION = {
  'react-router': path.join(DIST, 'production', 'index.mjs'),
  'react-router/dom': path.join(DIST, 'production', 'dom-export.mjs'),
} as const;
const IN_PRODUCTION_BUILD = `${path.sep}react-router${path.sep}dist${path.sep}production${path.sep}`;

/**
 * React Router 7 as a production build ships it, for `vite build` only (decision 0011):
 * - Its package.json names only dist/development, whose console warnings are on (react-router issues 12532 and 14102);
 *   dist/production is the same code with them off, so the build takes that.
 * - Top-level `Form.displayName = "Form"` and unannotated `React.forwardRef(...)` calls look like side effects to the
 *   bundler, so components no screen uses (Form, and useSubmit and the form-submission code under it) stayed in the
 *   entry. displayName is read only by React's developer tools and development warnings; the forwardRef, memo and
 *   createContext calls are pure, and are marked so.
 * Dev server and tests keep the package as published.
 */
export function routerProduction(): Plugin {
  return {
    name: 'giftwise-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source in PRODUCTION ? PRODUCTION[source as keyof typeof PRODUCTION] : null;
    },
    transform(code, id) {
      if (!id.includes(IN_PRODUCTION_BUILD)) return null;
      return {
        code: code
          .replace(/^\w+\.displayName = "[^"]*";$/gm, '')
          .replace(/^var (\w+) = (React\d*)\.(forwardRef|memo|createContext)\(/gm, 'var $1 = /* @__PURE__ */ $2.$3('),
        // Lines are only emptied or lengthened, never added or removed: the module's own map stays close enough.
        map: null,
      };
    },
  };
}
