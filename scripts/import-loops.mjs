#!/usr/bin/env node
// Import loops between the api's folders (services/api/src/<folder>/**, tests left out; files
// directly under src/ are the composition root and are not counted). Relative imports only, type
// imports included. Prints the mutual pairs, the strongly connected groups and the number of
// elementary cycles of the folder graph.
// Usage: node scripts/import-loops.mjs [--edges]   (--edges: every folder->folder import, with its files)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../services/api/src');
const files = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) files.push(p);
  }
})(root);

const ROOT = '(root)';
const folderOf = (file) => {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length === 1 ? ROOT : parts[0];
};
const edges = new Map();
const via = new Map();
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
    const spec = m[1] ?? m[2];
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(root + path.sep)) continue;
    const a = folderOf(file);
    const b = folderOf(/\.tsx?$/.test(target) ? target : `${target}.ts`);
    if (a === b || a === ROOT || b === ROOT) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a).add(b);
    const key = `${a} -> ${b}`;
    if (!via.has(key)) via.set(key, []);
    via.get(key).push(`${path.relative(root, file)} -> ${spec}`);
  }
}
const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])])].sort();
const out = (n) => [...(edges.get(n) ?? [])];

const pairs = [];
for (const a of nodes) for (const b of out(a)) if (a < b && out(b).includes(a)) pairs.push(`${a} <-> ${b}`);

// Tarjan's strongly connected components.
let counter = 0;
const index = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const groups = [];
function connect(v) {
  index.set(v, counter);
  low.set(v, counter++);
  stack.push(v);
  onStack.add(v);
  for (const w of out(v)) {
    if (!index.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  }
}
for (const n of nodes) if (!index.has(n)) connect(n);

// Elementary cycles, each counted once (from its smallest folder).
let cycles = 0;
for (let s = 0; s < nodes.length; s++) {
  const start = nodes[s];
  const allowed = new Set(nodes.slice(s));
  const onPath = new Set([start]);
  (function walk(v) {
    for (const w of out(v)) {
      if (w === start) cycles++;
      else if (allowed.has(w) && !onPath.has(w)) {
        onPath.add(w);
        walk(w);
        onPath.delete(w);
      }
    }
  })(start);
}

console.log(`folders: ${nodes.length}, folder->folder edges: ${nodes.reduce((n, a) => n + out(a).length, 0)}`);
console.log(`mutual pairs: ${pairs.length}`);
for (const p of pairs) console.log(`  ${p}`);
console.log(`strongly connected groups: ${groups.length}`);
for (const g of groups) console.log(`  [${g.length}] ${g.join(' ')}`);
console.log(`elementary cycles: ${cycles}`);
if (process.argv.includes('--edges')) for (const [key, list] of via) console.log(`${key}\n  ${list.join('\n  ')}`);
