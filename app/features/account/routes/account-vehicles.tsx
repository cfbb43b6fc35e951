import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { formatVrm } from '../../../../contract/vrm';
import { failureReply } from '~/lib/forms/form-failure.server';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { FormErrors, formErrorsOf } from '~/lib/forms/form-parts';
import { formatDate, formatMiles } from '~/lib/format';
import { PlatformFailure, type GatewayClient } from '~/lib/gateway.server';
import { lookupErrorPanel } from '~/features/entry/lookup-errors';
import { pageMeta } from '~/lib/meta';
import { loadAccount, requireUser } from '~/features/account/require-user.server';
import { LookupSchema } from '~/lib/forms/validation';
import { endpoints } from '../../../../contract/endpoints';
import { toLookupErrorCode } from '../../../../contract/vehicles';
import { panelFailure } from '~/lib/failures.server';
import { useRootData } from '~/features/shell/frame';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Account: vehicles' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context);
  const [user, sessions] = await Promise.all([loadAccount(request, context), loadSessions(context.gateway)]);
  return {
    vehicles: user.vehicles ?? [],
    limit: user.vehicleLimit ?? null,
    sessions,
    othersSignedOut: new URL(request.url).searchParams.has(OTHERS_SIGNED_OUT),
  };
}

/** The seller's signed-in devices; the vehicles are the page, so a failure here only leaves the list out. */
async function loadSessions(gateway: GatewayClient) {
  try {
    return (await gateway.call(endpoints.account.sessions)).sessions;
  } catch (error) {
    if (!(error instanceof PlatformFailure)) throw error;
    console.warn(JSON.stringify({ event: 'account.sessions_failed', status: error.status, code: error.code }));
    return null;
  }
}

/** The confirmation after signing out of the other devices (POST → redirect, so a reload does not repeat it). */
const OTHERS_SIGNED_OUT = 'others-signed-out';

const RemoveSchema = z.object({ intent: z.literal('remove'), vehicleId: z.coerce.number().int().positive() });
const SignOutOthersSchema = z.object({ intent: z.literal('sign-out-others') });

// Three forms post here: each reply names its form, so each shows its own errors where it is (a
// removal's by the vehicle it was for) and the add form's state is left alone by a removal's.
export async function action({ request, context }: ActionFunctionArgs) {
  requireUser(request, context);
  const formData = await request.formData();
  if (formData.get('intent') === 'sign-out-others') {
    const submission = parseWithZod(formData, { schema: SignOutOthersSchema });
    if (submission.status !== 'success') return data({ form: 'sessions' as const, result: submission.reply() }, { status: 400 });
    try {
      await context.gateway.call(endpoints.account.revokeOtherSessions);
    } catch (error) {
      const reply = failureReply(submission, error, context, 'account.sign_out_others_failed');
      return data({ form: 'sessions' as const, result: reply.data }, { status: reply.init?.status ?? 503 });
    }
    throw redirect(`/account?${OTHERS_SIGNED_OUT}`);
  }
  if (formData.get('intent') === 'remove') {
    const removal = parseWithZod(formData, { schema: RemoveSchema });
    if (removal.status !== 'success') return data({ form: 'remove' as const, vehicleId: null, result: removal.reply() }, { status: 400 });
    const { vehicleId } = removal.value;
    try {
      await context.gateway.call(endpoints.account.removeVehicle, { body: { vehicleId } });
    } catch (error) {
      const reply = failureReply(removal, error, context, 'account.remove_vehicle_failed');
      return data({ form: 'remove' as const, vehicleId, result: reply.data }, { status: reply.init?.status ?? 503 });
    }
    throw redirect('/account');
  }
  const submission = parseWithZod(formData, { schema: LookupSchema });
  if (submission.status !== 'success') return data({ form: 'add' as const, result: submission.reply(), panel: null }, { status: 400 });
  const result = await context.gateway.attempt(endpoints.entry.lookup, { body: { vrm: submission.value.vrm, mode: 'add' } });
  // An answer without a vehicle is no answer: the platform failed, and the panel is the default one.
  if (!result.ok || !result.value.vehicle) {
    const failed = result.ok ? { code: result.value.code, status: 503 } : panelFailure(result.failure, 'lookup.failed');
    const panel = lookupErrorPanel(toLookupErrorCode(failed.code), formatVrm(submission.value.vrm), context.config.brandName);
    const status = failed.status === 429 ? 429 : failed.status === 504 ? 504 : failed.status >= 500 ? 503 : 400;
    return data({ form: 'add' as const, result: submission.reply(), panel: { title: panel.title, text: panel.text } }, { status });
  }
  throw redirect('/account');
}

export default function AccountVehicles() {
  const { vehicles, limit, sessions, othersSignedOut } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { brandName } = useRootData();
  const added = actionData?.form === 'add' ? actionData : null;
  const removalError = actionData?.form === 'remove' ? formErrorsOf(actionData.result)?.[0] : undefined;
  const sessionsError = actionData?.form === 'sessions' ? formErrorsOf(actionData.result) : undefined;
  // Without the list (it failed to load) the button stays: ending the other sessions matters most then.
  const othersExist = sessions === null || sessions.some((session) => !session.current);
  // A vehicle already gone (removed in another tab, say) has no row to show the error by: it goes above the list.
  const removalRow = removalError && actionData?.form === 'remove' ? vehicles.find((vehicle) => vehicle.id === actionData.vehicleId)?.id : undefined;
  const [form, fields] = useForm({
    id: 'add-vehicle',
    lastResult: added?.result,
    constraint: getZodConstraint(LookupSchema),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LookupSchema }),
  });
  return (
    <>
      <section className="card" aria-labelledby="vehicles-title">
        <h2 id="vehicles-title">Your vehicles</h2>
        {removalError && removalRow === undefined ? <FormErrors errors={[removalError]} /> : null}
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
                {removalRow === vehicle.id ? (
                  <p className="field-error" id={`remove-${vehicle.id}-error`} role="alert">
                    {removalError}
                  </p>
                ) : null}
              </div>
              <Form method="post">
                <input type="hidden" name="vehicleId" value={vehicle.id} />
                <button
                  className="btn link"
                  type="submit"
                  name="intent"
                  value="remove"
                  aria-label={`Remove ${vehicle.vrm_pretty}`}
                  aria-describedby={removalRow === vehicle.id ? `remove-${vehicle.id}-error` : undefined}
                >
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
        {added?.panel ? (
          <div className="panel" role="alert">
            <h3>{added.panel.title}</h3>
            <p>{added.panel.text}</p>
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
      <section className="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Where you are signed in</h2>
        {othersSignedOut ? (
          <p className="toast ok" role="status">
            You are signed out of all other devices.
          </p>
        ) : null}
        <FormErrors errors={sessionsError} />
        {sessions === null ? (
          <p>Your signed-in devices cannot be shown just now. Please try again later.</p>
        ) : (
          <ul className="vehicle-list">
            {sessions.map((session, index) => (
              // The platform never names a session, so nothing steadier than its place identifies it.
              <li key={index} data-testid="account-session">
                <div>
                  <p>
                    <strong>{session.device}</strong>
                    {session.current ? <span className="badge">This device</span> : null}
                  </p>
                  <dl className="facts">
                    <dt>First signed in</dt>
                    <dd>{formatDate(session.startedAt)}</dd>
                    <dt>Last seen</dt>
                    <dd>{formatDate(session.lastSeenAt)}</dd>
                  </dl>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p className="muted">
          You stay signed in on a device for up to 30 days, and are signed out after 7 days without a visit.
        </p>
        {othersExist ? (
          <Form method="post">
            <button className="btn secondary" type="submit" name="intent" value="sign-out-others">
              Sign out of all other devices
            </button>
          </Form>
        ) : null}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
