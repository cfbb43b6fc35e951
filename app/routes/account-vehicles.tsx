import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { formatVrm } from '../../contract/vrm';
import { failureReply } from '~/lib/form-failure.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FormErrors } from '~/components/forms';
import { removeVehicle } from '~/lib/accounts.server';
import { formatMiles } from '~/lib/format';
import { lookupErrorPanel } from '~/lib/lookup-errors';
import { pageMeta } from '~/lib/meta';
import { loadAccount, requireUser } from '~/lib/require-user.server';
import { LookupSchema } from '~/lib/validation';
import { lookupVehicle } from '~/lib/vehicles.server';
import { useRootData } from '~/root';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Account: vehicles' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await loadAccount(request, context);
  return { vehicles: user.vehicles ?? [], limit: user.vehicleLimit ?? null };
}

const RemoveSchema = z.object({ intent: z.literal('remove'), vehicleId: z.coerce.number().int().positive() });

export async function action({ request, context }: ActionFunctionArgs) {
  requireUser(request, context);
  const formData = await request.formData();
  if (formData.get('intent') === 'remove') {
    const removal = parseWithZod(formData, { schema: RemoveSchema });
    if (removal.status !== 'success') return data({ result: removal.reply(), panel: null }, { status: 400 });
    try {
      await removeVehicle(context.gateway, removal.value.vehicleId);
    } catch (error) {
      const reply = failureReply(removal, error, context, 'account.remove_vehicle_failed');
      return data({ result: reply.data, panel: null }, { status: reply.init?.status ?? 503 });
    }
    throw redirect('/account');
  }
  const submission = parseWithZod(formData, { schema: LookupSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), panel: null }, { status: 400 });
  const outcome = await lookupVehicle(context.gateway, submission.value.vrm, 'add');
  if (!outcome.ok) {
    const panel = lookupErrorPanel(outcome.code, formatVrm(submission.value.vrm), context.config.brandName);
    const status = outcome.status === 429 ? 429 : outcome.status === 504 ? 504 : outcome.status >= 500 ? 503 : 400;
    return data({ result: submission.reply(), panel: { title: panel.title, text: panel.text } }, { status });
  }
  throw redirect('/account');
}

export default function AccountVehicles() {
  const { vehicles, limit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { brandName } = useRootData();
  const [form, fields] = useForm({
    id: 'add-vehicle',
    lastResult: actionData?.result,
    constraint: getZodConstraint(LookupSchema),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LookupSchema }),
  });
  return (
    <>
      <section className="card" aria-labelledby="vehicles-title">
        <h2 id="vehicles-title">Your vehicles</h2>
        {vehicles.length === 0 ? <p>No vehicles yet. Add one below to value it.</p> : null}
        <ul className="vehicle-list">
          {vehicles.map((vehicle) => (
            <li key={vehicle.id} data-testid="account-vehicle">
              <div>
                <span className="reg">{vehicle.vrm_pretty}</span>{' '}
                <Link to={`/${vehicle.vrm}`}>
                  {vehicle.make.display_name} {vehicle.model}
                </Link>{' '}
                <span className="muted">{vehicle.year}</span>
                <p className="muted">
                  {vehicle.enquiry?.mileage != null ? `Valued at ${formatMiles(vehicle.enquiry.mileage)}` : 'Not valued yet'}
                </p>
                {vehicle.userVehicleTracker?.trackerValuations.length ? (
                  <p>
                    <Link to={`/car-value-tracker/${vehicle.vrm}`}>
                      Its value over time<span className="sr-only"> ({vehicle.vrm_pretty})</span>
                    </Link>
                  </p>
                ) : null}
              </div>
              <Form method="post">
                <input type="hidden" name="vehicleId" value={vehicle.id} />
                <button className="btn link" type="submit" name="intent" value="remove" aria-label={`Remove ${vehicle.vrm_pretty}`}>
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
        {limit ? (
          <p className="muted">
            {vehicles.length} of {limit} vehicles. {brandName} keeps up to {limit} in one account.
          </p>
        ) : null}
      </section>
      <section className="card" aria-labelledby="add-title">
        <h2 id="add-title">Add a vehicle</h2>
        {actionData?.panel ? (
          <div className="panel" role="alert">
            <h3>{actionData.panel.title}</h3>
            <p>{actionData.panel.text}</p>
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          <div className="field">
            <label htmlFor={fields.vrm.id}>Registration</label>
            <div className="plate">
              <input {...getInputProps(fields.vrm, { type: 'text' })} key={fields.vrm.key} maxLength={10} autoCapitalize="characters" autoComplete="off" />
            </div>
            {fields.vrm.errors ? (
              <p className="field-error" id={fields.vrm.errorId} role="alert">
                {fields.vrm.errors[0]}
              </p>
            ) : null}
          </div>
          <button className="btn" type="submit" name="intent" value="add">
            Add vehicle
          </button>
        </Form>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
