/**
 * Sizes (issue 24, "Checked by"): files over 400 lines and functions over 80 lines in server/, src/, machines/ and
 * domain/. `npm run sizes` prints both lists, longest first, and a summary line; `-- --json` prints them as JSON.
 *
 * How it counts: a file's lines are its physical lines (blank lines and comments included, as an editor shows them);
 * a function is every function-like node the TypeScript compiler parses (declarations, expressions, arrow functions,
 * methods, accessors, constructors), from the line its code starts on (after any leading comment) to the line of its
 * closing token. A function inside another counts on its own and inside its parent. Generated files are left out
 * (openapi/schema.d.ts is not under these folders; styled-system/ neither), and so are *.d.ts declaration files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('../..', import.meta.url).pathname;
const FOLDERS = ['server', 'src', 'machines', 'domain'];
const FILE_LIMIT = 400;
const FUNCTION_LIMIT = 80;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

function functionName(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  // An anonymous function takes the name it is given: `const f = () => …`, `key: () => …`, `foo(() => …)`.
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…)`;
  return '(anonymous)';
}

interface Long {
  path: string;
  name?: string;
  line?: number;
  lines: number;
}

const files: Long[] = [];
const functions: Long[] = [];
let fileCount = 0;
let functionCount = 0;
for (const folder of FOLDERS) {
  for (const path of sourceFiles(join(ROOT, folder))) {
    fileCount += 1;
    const text = readFileSync(path, 'utf8');
    const rel = relative(ROOT, path);
    const lineCount = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lineCount > FILE_LIMIT) files.push({ path: rel, lines: lineCount });
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
        functionCount += 1;
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > FUNCTION_LIMIT) functions.push({ path: rel, name: functionName(node, source), line: start + 1, lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}
files.sort((a, b) => b.lines - a.lines);
functions.sort((a, b) => b.lines - a.lines);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ files, functions }, null, 2));
} else {
  console.log(`Files over ${FILE_LIMIT} lines (${files.length} of ${fileCount}):`);
  for (const f of files) console.log(`  ${String(f.lines).padStart(5)}  ${f.path}`);
  console.log(`\nFunctions over ${FUNCTION_LIMIT} lines (${functions.length} of ${functionCount}):`);
  for (const f of functions) console.log(`  ${String(f.lines).padStart(5)}  ${f.path}:${f.line}  ${f.name}`);
  const by = (folder: string, list: Long[]) => list.filter((l) => l.path.startsWith(`${folder}/`)).length;
  console.log(`\n${FOLDERS.map((d) => `${d}: ${by(d, files)} files, ${by(d, functions)} functions`).join('; ')}`);
}
