// `npm run flows`: writes docs/flows/ (one page per catalogued machine, the index and coverage.md).
import { FLOWS_DIR, renderProjectAtlas, writeAtlas } from './atlas';

const files = await renderProjectAtlas('.');
const changed = writeAtlas('.', files);
console.log(`${FLOWS_DIR}: ${files.size} files, ${changed.length ? `updated ${changed.join(', ')}` : 'already up to date'}`);
