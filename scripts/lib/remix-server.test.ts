import { createStaticHandler } from '@remix-run/router';
import { Outlet, RemixServer, type EntryContext } from '@remix-run/react';
import { createElement as h, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { UNSAFE_DataRouterContext } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

/*
 * RemixServer renders every document from route objects that depend only on the build
 * (patches/@remix-run+react+2.17.5.patch): it makes them once per build's route manifest and hands
 * the same array to the document router each time, whose conversion and ranked branches are then
 * kept too (the react-router-dom and router patches). Each document still gets its own data.
 */
type Router = {
  routes: { id: string; loader?: unknown; children?: { id: string; loader?: unknown }[] }[];
  state: { loaderData: Record<string, unknown> };
};

const seen: Router[] = [];
function Root() {
  seen.push(useContext(UNSAFE_DataRouterContext)!.router as unknown as Router);
  return h('main', null, h(Outlet));
}
const Home = () => h('p', null, 'Home');

/** One build: its route manifest and modules, the same objects for every document, as a worker keeps them. */
const build = {
  manifest: {
    routes: {
      root: { id: 'root', path: '', hasLoader: true, module: '/build/root.js' },
      'routes/home': { id: 'routes/home', parentId: 'root', index: true, hasLoader: true, module: '/build/home.js' },
    },
    entry: { module: '/build/entry.js', imports: [] },
    url: '/build/manifest.js',
    version: 'test',
  },
  routeModules: { root: { default: Root }, 'routes/home': { default: Home } },
};
const handler = createStaticHandler([
  {
    id: 'root',
    path: '/',
    loader: () => ({ at: 'root' }),
    children: [{ id: 'routes/home', index: true, loader: () => ({ visit: Math.random() }) }],
  },
]);

async function render() {
  const staticHandlerContext = await handler.query(new Request('https://kerbside.test/'));
  if (staticHandlerContext instanceof Response) throw new Error(`answered ${staticHandlerContext.status}`);
  const context = {
    ...build,
    staticHandlerContext,
    future: {},
    isSpaMode: false,
    serverHandoffString: '{}',
    renderMeta: {},
  } as unknown as EntryContext;
  const html = renderToString(h(RemixServer, { context, url: 'https://kerbside.test/' }));
  return { html, router: seen.at(-1)! };
}

describe("RemixServer's route objects", () => {
  it('are made once per build, not for every document', async () => {
    const first = await render();
    const second = await render();
    expect(first.html).toContain('<p>Home</p>');
    expect(second.router).not.toBe(first.router);
    // The loader RemixServer gives a route object is a function of its own per object made.
    expect(second.router.routes[0]?.loader).toBe(first.router.routes[0]?.loader);
    expect(second.router.routes[0]?.children?.[0]?.loader).toBe(first.router.routes[0]?.children?.[0]?.loader);
    expect(second.router.routes).toBe(first.router.routes);
  });

  it('still gives each document its own data', async () => {
    const first = await render();
    const second = await render();
    expect(second.router.state.loaderData['routes/home']).not.toEqual(first.router.state.loaderData['routes/home']);
  });
});
