import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { formatVrm } from '../../contract/vrm';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LookupErrorPanelView } from '~/components/lookup-error-panel';
import { VrmForm } from '~/components/vrm-form';
import { addLookup } from '~/lib/lookup-state';
import { lookupErrorPanel } from '~/lib/lookup-errors';
import { brandFrom, pageMeta } from '~/lib/meta';
import { LookupSchema } from '~/lib/validation';
import { lookupVehicle, toLookupVehicle } from '~/lib/vehicles.server';
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
  const submission = parseWithZod(await request.formData(), { schema: LookupSchema });
  const { session, gateway } = context;
  if (submission.status !== 'success') {
    // A new attempt: the panel of an earlier lookup no longer applies.
    if (session.get('lookup')?.resultError) session.unset('lookup');
    return data(submission.reply(), { status: 400 });
  }

  const { vrm } = submission.value;
  const outcome = await lookupVehicle(gateway, vrm);
  if (outcome.ok) {
    session.set('lookup', addLookup(session.get('lookup'), { vehicle: toLookupVehicle(outcome.vehicle, outcome.response) }));
    return redirect(`/${vrm}`);
  }
  session.set('lookup', addLookup(session.get('lookup'), { resultError: { msg: outcome.code, vrm } }));
  return redirect('/');
}

export default function Home() {
  const { resultError } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { brandName } = useRootData();
  const panel = resultError ? lookupErrorPanel(resultError.msg, formatVrm(resultError.vrm), brandName) : null;

  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title">The way to sell your car</h1>
      <p className="strap">7,500+ dealers compete to give you their best price*. Find your highest offer!</p>
      {panel && resultError ? <LookupErrorPanelView panel={panel} vrm={resultError.vrm} /> : null}
      <VrmForm
        defaultVrm={resultError?.vrm}
        lastResult={lastResult}
        buttonLabel={panel?.wrongReg ? 'Check again' : 'Value my car'}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
