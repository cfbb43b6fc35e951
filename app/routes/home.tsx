import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { Hero } from '~/components/hero';
import { handleLookup } from '~/lib/lookup-action.server';
import { brandFrom, pageMeta } from '~/lib/meta';
import { useRootData } from '~/root';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `Sell your car the ${brandFrom(matches)} way`,
    description: 'Get an instant valuation, then 7,500+ dealers compete to buy your car. Free collection, no fee.',
    suffix: false,
  });

export async function loader({ context }: LoaderFunctionArgs) {
  return { resultError: context.session.get('lookup')?.resultError ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLookup(request, context, { hero: '/', mileage: '/mileage' });
}

export default function Home() {
  const { resultError } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { brandName } = useRootData();
  return <Hero title="The way to sell your car" action="/?index" resultError={resultError} lastResult={lastResult} brandName={brandName} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
