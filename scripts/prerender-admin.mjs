#!/usr/bin/env node
// Writes the staff sign-in page drawn at build time (issue 25): web-admin/dist/index.html with the
// page's markup in #root, as web-admin/dist/login.html, which the API serves for /admin/login.
// Run by web-admin's build after `vite build` and `vite build --ssr src/entry-server.tsx`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const app = join(dirname(fileURLToPath(import.meta.url)), '..', 'web-admin');
const { renderSignInPage } = await import(pathToFileURL(join(app, 'dist-server', 'entry-server.js')).href);
const template = readFileSync(join(app, 'dist', 'index.html'), 'utf8');
const root = '<div id="root"></div>';
if (!template.includes(root)) throw new Error(`web-admin/dist/index.html has no empty ${root} to draw the sign-in page in`);
writeFileSync(join(app, 'dist', 'login.html'), template.replace(root, `<div id="root">${renderSignInPage()}</div>`));
process.stdout.write('prerendered the staff sign-in page: dist/login.html\n');
