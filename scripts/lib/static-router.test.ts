import { createStaticHandler, createStaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';

/*
 * The router that renders a document is built from route objects that depend only on the build
 * (patches/react-router-dom+6.30.4.patch, with @remix-run/react's RemixServer passing the same
 * array on every request): the route table is converted once, and each document still gets its own
 * matches and data.
 */
const routes = [
  {
    id: 'root',
    path: '/',
    loader: () => ({ page: 'root' }),
    children: [
      { id: 'home', index: true, loader: () => ({ page: 'home' }) },
      { id: 'sell', path: 'sell-my-car', loader: () => ({ page: 'sell' }) },
    ],
  },
];
const handler = createStaticHandler(routes);

async function render(url: string) {
  const context = await handler.query(new Request(`https://kerbside.test${url}`));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  return createStaticRouter(routes, context);
}

describe('the document router', () => {
  it('converts the route table once, not on every document', async () => {
    const first = await render('/sell-my-car');
    const second = await render('/');
    expect(second.routes).toBe(first.routes);
  });

  it('gives each document its own matches and data, on the shared route objects', async () => {
    const sell = await render('/sell-my-car');
    const home = await render('/');
    expect(sell.state.matches.map((m) => m.route.id)).toEqual(['root', 'sell']);
    expect(home.state.matches.map((m) => m.route.id)).toEqual(['root', 'home']);
    expect(sell.state.loaderData.sell).toEqual({ page: 'sell' });
    expect(home.state.loaderData.sell).toBeUndefined();
    expect(home.state.matches[1].route).toBe(home.routes[0].children?.[0]);
  });
});
