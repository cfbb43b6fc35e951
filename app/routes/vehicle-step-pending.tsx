import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { pageMeta } from '~/lib/meta';

/**
 * Steps of the sale journey (spec 2 §2.3) that an enquiry-state redirect can already point at.
 * Until each step is built it says where the sale is; unknown paths under a vehicle are not found.
 */
const STEPS: Record<string, string> = {
  'accept-offer': 'Accept your offer',
  'confirm-sale': 'Confirm your sale',
  'confirm-sale-summary': 'Confirm your sale',
  'review-status': 'Review status',
  profile: 'Your vehicle profile',
};

export async function loader({ params }: LoaderFunctionArgs) {
  const step = (params['*'] ?? '').split('/')[0] ?? '';
  const title = STEPS[step];
  if (!title) throw new Response('Not Found', { status: 404 });
  return { title, vrm: params.vrm ?? '' };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, { title: data?.title ?? 'Page not found', noIndex: true });

export default function PendingStep() {
  const { title, vrm } = useLoaderData<typeof loader>();
  return (
    <section className="card" aria-labelledby="step-title">
      <h2 id="step-title">{title}</h2>
      <p>Your car is already in our dealer sale. This step of your sale opens here shortly; we will email you as soon as it does.</p>
      <Link to={`/${vrm}`}>Back to your car</Link>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
