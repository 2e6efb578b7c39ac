import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './paths';

/** The running version, from package.json (the web app compiles in the same field at build time). */
export const APP_VERSION: string = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string })
  .version;
