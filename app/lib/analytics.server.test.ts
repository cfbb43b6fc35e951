import { describe, expect, it, vi } from 'vitest';
import { createAnalytics } from './analytics.server';
import type { GatewayClient } from './gateway.server';

function setup(consent: { value: boolean }) {
  // Stands for the gateway client's `call`, seen as the path it posts to and the body it sends.
  const post = vi.fn(async (_path: string, _body: unknown) => ({ accepted: 1 }));
  const call = (endpoint: { path: string }, input: { body: unknown }) => post(endpoint.path, input.body);
  const analytics = createAnalytics({
    consented: () => consent.value,
    path: '/mileage',
    campaign: () => ({ params: { utm_source: 'news' }, at: 0 }),
    experiments: { home_reviews_first: 'on' },
    gateway: () => ({ call }) as unknown as GatewayClient,
    now: () => new Date('2026-11-23T10:00:00Z'),
  });
  return { analytics, post };
}

describe('analytics', () => {
  it('records nothing and sends nothing without consent', async () => {
    const { analytics, post } = setup({ value: false });
    analytics.track('page_view');
    await analytics.flush();
    expect(analytics.tracked).toEqual([]);
    expect(post).not.toHaveBeenCalled();
  });

  it('sends what was tracked after consent, with the campaign and experiments in force', async () => {
    const { analytics, post } = setup({ value: true });
    analytics.track('mileage_submitted', { implausible: false });
    await analytics.flush();
    expect(post).toHaveBeenCalledWith('/platform/events', {
      events: [
        {
          name: 'mileage_submitted',
          path: '/mileage',
          occurredAt: '2026-11-23T10:00:00.000Z',
          properties: { implausible: false },
          campaign: { utm_source: 'news' },
          experiments: { home_reviews_first: 'on' },
        },
      ],
    });
  });

  it('keeps a failing platform from failing the page', async () => {
    const { analytics, post } = setup({ value: true });
    post.mockRejectedValueOnce(new Error('down'));
    analytics.track('page_view');
    await expect(analytics.flush()).resolves.toBeUndefined();
  });

  it('drops what was queued if consent is withdrawn before the end of the request', async () => {
    const consent = { value: true };
    const { analytics, post } = setup(consent);
    analytics.track('page_view');
    consent.value = false;
    await analytics.flush();
    expect(post).not.toHaveBeenCalled();
  });
});
