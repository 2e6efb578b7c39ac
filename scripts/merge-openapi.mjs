#!/usr/bin/env node
// A three-way merge of openapi/openapi.yaml by structure, for `git merge` conflicts: two branches that each add
// operations and schemas touch the same few lines (the end of `paths:`, the end of `schemas:`), which git sees as
// a conflict although the changes are independent. Mappings are merged key by key against the common ancestor; a
// value both sides changed differently is reported and the merge stops without writing.
//
//   node scripts/merge-openapi.mjs            (during a conflicted merge: reads stages 1-3 of openapi/openapi.yaml)
//   node scripts/merge-openapi.mjs BASE OURS THEIRS OUT
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import YAML from 'yaml';

const FILE = 'openapi/openapi.yaml';
const conflicts = [];
const json = (node) => (node === undefined ? undefined : YAML.isNode(node) ? node.toJSON() : node);
const keyOf = (pair) => String(YAML.isScalar(pair.key) ? pair.key.value : pair.key);
const pairs = (node) => new Map(YAML.isMap(node) ? node.items.map((p) => [keyOf(p), p]) : []);
const nameOf = (node) => String(json(node)?.name ?? json(node)?.$ref ?? JSON.stringify(json(node)));

// Works on the parsed documents' nodes, so what is kept keeps its quoting and flow style.
function merge(base, ours, theirs, path) {
  const [b, o, t] = [json(base), json(ours), json(theirs)];
  if (isDeepStrictEqual(o, t)) return ours;
  if (isDeepStrictEqual(b, o)) return theirs;
  if (isDeepStrictEqual(b, t)) return ours;
  if (YAML.isMap(ours) && YAML.isMap(theirs)) {
    const [bp, op, tp] = [pairs(base), pairs(ours), pairs(theirs)];
    const keys = [...op.keys(), ...[...tp.keys()].filter((k) => !op.has(k))];
    const out = new YAML.YAMLMap();
    out.flow = ours.flow;
    for (const key of keys) {
      const value = merge(bp.get(key)?.value, op.get(key)?.value, tp.get(key)?.value, `${path}/${key}`);
      if (value !== undefined) out.items.push(new YAML.Pair((op.get(key) ?? tp.get(key)).key, value));
    }
    return out;
  }
  if (YAML.isSeq(ours) && YAML.isSeq(theirs)) {
    // Lists (tags, required, parameters): both sides' additions by name, without repeats; a removal on either
    // side of something the other left alone stays removed.
    const named = (node) => new Map(YAML.isSeq(node) ? node.items.map((item) => [nameOf(item), item]) : []);
    const [bn, on, tn] = [named(base), named(ours), named(theirs)];
    const names = [...on.keys(), ...[...tn.keys()].filter((k) => !on.has(k))];
    const out = new YAML.YAMLSeq();
    out.flow = ours.flow;
    for (const name of names) {
      const item = merge(bn.get(name), on.get(name), tn.get(name), `${path}[${name}]`);
      if (item !== undefined) out.items.push(item);
    }
    return out;
  }
  conflicts.push(path);
  return ours;
}

const [baseText, oursText, theirsText, out] =
  process.argv.length >= 6
    ? [...process.argv.slice(2, 5).map((f) => readFileSync(f, 'utf8')), process.argv[5]]
    : [1, 2, 3].map((stage) => execFileSync('git', ['show', `:${stage}:${FILE}`], { encoding: 'utf8' })).concat(FILE);

const [baseDoc, oursDoc, theirsDoc] = [baseText, oursText, theirsText].map((text) => YAML.parseDocument(text));
oursDoc.contents = merge(baseDoc.contents, oursDoc.contents, theirsDoc.contents, '');
if (conflicts.length) {
  console.error(`openapi merge: both sides changed these differently, resolve by hand:\n  ${conflicts.join('\n  ')}`);
  process.exit(1);
}
writeFileSync(out, oursDoc.toString({ lineWidth: 0 }));
console.log(`openapi merge: wrote ${out}`);
