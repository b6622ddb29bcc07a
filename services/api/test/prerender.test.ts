import { describe, expect, it } from 'vitest';
import { fillTemplate, isPrerendered, routeLinks } from '../src/prerender';

const TEMPLATE = `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta
      name="description"
      content="The club."
    />
    <title>ROAR+</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/paths-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('a prerendered page in the built index.html', () => {
  it('puts the app in #root, the answers after it, the page title and head tags in the head, stylesheets first, no script preloads', () => {
    const html = fillTemplate(TEMPLATE, {
      html: '<title>ROAR+ | Home</title><h1>Win big</h1>',
      head: '<link rel="canonical" href="https://club.test/" />',
      data: '{"renderedAt":1,"answers":{}}',
    });
    expect(html).toContain('<div id="root"><title>ROAR+ | Home</title><h1>Win big</h1></div>');
    expect(html).toContain('<script type="application/json" id="ssr-data">{"renderedAt":1,"answers":{}}</script>');
    expect(html.match(/<title>/g)).toHaveLength(2);
    expect(html.indexOf('<title>ROAR+ | Home</title>')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('<title>ROAR+</title>');
    expect(html.indexOf('<link rel="canonical"')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('index-c.css')).toBeLessThan(html.indexOf('index-a.js'));
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('name="description"');
  });

  it("keeps one description: a giveaway's own replaces the site's", () => {
    const html = fillTemplate(TEMPLATE, { html: '', head: '<meta name="description" content="Win a car." />', data: '{}' });
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('Win a car.');
  });
});

describe('route stylesheets from the build manifest', () => {
  it("links the stylesheets of a route's chunk and of the chunks it imports, once each", () => {
    const manifest = {
      'src/app/routes/home.tsx': { file: 'assets/home-1.js', css: ['assets/home-1.css'], imports: ['_shared.js', '_cards.js'] },
      '_shared.js': { file: 'assets/shared-2.js', css: ['assets/shared-2.css'], imports: ['_cards.js'] },
      '_cards.js': { file: 'assets/cards-3.js', css: ['assets/home-1.css'] },
    };
    expect(routeLinks(manifest, ['src/app/routes/home.tsx', 'src/app/routes/missing.tsx']).split('\n    ')).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/home-1.css" />',
      '<link rel="stylesheet" crossorigin href="/assets/shared-2.css" />',
    ]);
  });
});

describe('which pages are rendered on the server', () => {
  it('public pages are; a member page, sign-in, a token link, the shop and the live verify and transparency pages are not', () => {
    for (const path of ['/', '/membership', '/events/golf-trip', '/events/golf-trip/terms', '/winners', '/about-us', '/some-content-page'])
      expect(isPrerendered(path), path).toBe(true);
    for (const path of [
      '/dashboard',
      '/dashboard/my-draws',
      '/login',
      '/sign-up',
      '/change-password',
      '/refer/ABC',
      '/attest/1',
      '/pro-shop',
      '/events/x/verify',
    ])
      expect(isPrerendered(path), path).toBe(false);
  });
});
