import type { BodyOf } from '#contract/api';
import * as routes from '#contract/routes';

import { call } from './client';

/** Importing people from a vCard or CSV file (docs/api.md): what it would do, then doing it. */

export const previewImport = (file: BodyOf<'previewImport'>) => call(routes.previewImport, { body: file });

export const commitImport = (file: BodyOf<'commitImport'>) => call(routes.commitImport, { body: file });
