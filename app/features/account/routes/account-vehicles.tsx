import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { VRM_MAX_LENGTH } from '../../../../contract/vrm';
import { failed, invalid, parseIntent, refuse } from '~/lib/forms/form.server';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { FormErrors } from '~/lib/forms/form-parts';
import { intentOf, useFormReply } from '~/lib/forms/use-form-reply';
import { vrmProblem } from '~/lib/forms/vrm-field';
import { formatDate, formatMiles, formatPounds } from '~/lib/format';
import { PlatformFailure, type GatewayClient } from '~/lib/gateway.server';
import { lookupPanelFor } from '~/features/entry/lookup-action.server';
import { pageMeta } from '~/lib/meta';
import { readAccount, requireUser } from '~/features/account/require-user.server';
import { signOut } from '~/lib/auth.server';
import { OutageNotice } from '~/features/shell/outage-notice';
import { ACCOUNT_INTENTS } from '~/features/account/account-forms.server';
import type { ReferralReward } from '../../../../contract/accounts';
import { endpoints } from '../../../../contract/endpoints';
import { toLookupErrorCode } from '../../../../contract/vehicles';
import { degraded, panelFailure } from '~/lib/failures.server';
import { reportLookupFailure } from '~/lib/reports.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Account: vehicles' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context);
  const [account, sessions, referralRewards] = await Promise.all([
    readAccount(request, context),
    loadSessions(context.gateway),
    loadReferralRewards(context.gateway),
  ]);
  const othersSignedOut = new URL(request.url).searchParams.has(OTHERS_SIGNED_OUT);
  // The platform down: no list of vehicles, and the forms that need none (docs/decisions/026).
  if (account.outage) return degraded({ vehicles: [], limit: null, sessions, referralRewards, othersSignedOut, outage: account.outage });
  const { user } = account;
  return { vehicles: user.vehicles ?? [], limit: user.vehicleLimit ?? null, sessions, referralRewards, othersSignedOut, outage: null };
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

/** What refer a friend has paid this seller (content/pages/referral-terms.md); like the devices, a failure only leaves it out. */
async function loadReferralRewards(gateway: GatewayClient) {
  try {
    return (await gateway.call(endpoints.sale.referralRewards)).rewards;
  } catch (error) {
    if (!(error instanceof PlatformFailure)) throw error;
    console.warn(JSON.stringify({ event: 'account.referral_rewards_failed', status: error.status, code: error.code }));
    return null;
  }
}

/** The confirmation after signing out of the other devices (POST → redirect, so a reload does not repeat it). */
const OTHERS_SIGNED_OUT = 'others-signed-out';

// Three forms post here (account-forms.server.ts): each answer carries the intent it was for, so
// each form shows only its own (a removal's by the vehicle it was for).
export async function action({ request, context }: ActionFunctionArgs) {
  requireUser(request, context);
  const { intent, submission } = parseIntent(await request.formData(), ACCOUNT_INTENTS, 'add');
  if (submission.status !== 'success') return invalid(submission);
  if (intent === 'sign-out-everywhere') {
    try {
      await context.gateway.call(endpoints.account.revokeAllSessions);
    } catch (error) {
      return failed(submission, error, context, 'account.sign_out_everywhere_failed');
    }
    // This device too: the session here has ended on the platform, so it ends here as well.
    signOut(context.session);
    throw redirect('/sign-in?signed-out-everywhere');
  }
  if (intent === 'sign-out-others') {
    try {
      await context.gateway.call(endpoints.account.revokeOtherSessions);
    } catch (error) {
      return failed(submission, error, context, 'account.sign_out_others_failed');
    }
    throw redirect(`/account?${OTHERS_SIGNED_OUT}`);
  }
  if (intent === 'remove') {
    try {
      await context.gateway.call(endpoints.account.removeVehicle, { body: { vehicleId: submission.value.vehicleId } });
    } catch (error) {
      return failed(submission, error, context, 'account.remove_vehicle_failed');
    }
    throw redirect('/account');
  }
  const { vrm } = submission.value;
  const result = await context.gateway.attempt(endpoints.entry.lookup, { body: { vrm, mode: 'add' } });
  // An answer without a vehicle is no answer: the platform failed, and the panel is the default one.
  if (!result.ok || !result.value.vehicle) {
    const failure = result.ok ? null : result.failure;
    const lookup = result.ok ? { code: result.value.code, status: 503 } : panelFailure(result.failure, 'lookup.failed');
    if (!failure || failure.kind === 'outcome') reportLookupFailure(toLookupErrorCode(lookup.code));
    const panel = lookupPanelFor(context, lookup.code, vrm);
    // A registration refused, or one the register does not know, is the form's to mend; the platform
    // failing or limiting keeps its own status.
    const mend = failure?.readsAs === 'refused' || failure?.readsAs === 'not_found';
    return refuse(submission, [panel.title, panel.text], mend ? 400 : lookup.status);
  }
  throw redirect('/account');
}

export default function AccountVehicles() {
  const { vehicles, limit, sessions, referralRewards, othersSignedOut, outage } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { brandName } = useRootData();
  const intent = intentOf(reply);
  const removal = useFormReply(intent === 'remove' ? reply : null);
  const sessionsForm = useFormReply(intent === 'sign-out-others' || intent === 'sign-out-everywhere' ? reply : null);
  // The add form's button is the default: an answer for neither of the others is the add form's.
  const added = useFormReply(intent === 'remove' || intent === 'sign-out-others' || intent === 'sign-out-everywhere' ? null : reply, {
    vrm: vrmProblem,
  });
  // A lookup the platform refused comes back as a panel: its heading, then its text.
  const [panelTitle, panelText] = added.formErrors?.length === 2 ? added.formErrors : [undefined, added.formErrors?.[0]];
  const removalError = removal.formErrors?.[0];
  // Without the list (it failed to load) the button stays: ending the other sessions matters most then.
  const othersExist = sessions === null || sessions.some((session) => !session.current);
  // A vehicle already gone (removed in another tab, say) has no row to show the error by: it goes above the list.
  const removalRow = removalError ? vehicles.find((vehicle) => vehicle.id === Number(removal.value('vehicleId')))?.id : undefined;
  return (
    <>
      <section className="card" aria-labelledby="vehicles-title">
        <h2 id="vehicles-title">Your vehicles</h2>
        {removalError && removalRow === undefined ? <FormErrors errors={[removalError]} /> : null}
        {outage ? (
          <OutageNotice message={outage.message} sent={removal.replied} title="We can’t show your vehicles just now." />
        ) : vehicles.length === 0 ? (
          <p>No vehicles yet. Add one below to value it.</p>
        ) : null}
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
        <FormErrors level={3} title={panelTitle} errors={panelText ? [panelText] : undefined} />
        <Form method="post" id="add-vehicle" {...added.formProps}>
          <div className="field">
            <label htmlFor="add-vehicle-vrm">Registration</label>
            <div className="plate">
              <input
                required
                id="add-vehicle-vrm"
                name="vrm"
                type="text"
                maxLength={VRM_MAX_LENGTH}
                autoCapitalize="characters"
                autoComplete="off"
                aria-invalid={added.errors('vrm') ? true : undefined}
                aria-describedby={added.errors('vrm') ? 'add-vehicle-vrm-error' : undefined}
                defaultValue={added.value('vrm')}
                {...added.check('vrm')}
              />
            </div>
            {added.errors('vrm') ? (
              <p className="field-error" id="add-vehicle-vrm-error" role="alert">
                {added.errors('vrm')![0]}
              </p>
            ) : null}
          </div>
          <button className="btn" type="submit" name="intent" value="add">
            Add vehicle
          </button>
        </Form>
      </section>
      {referralRewards?.length ? <ReferralRewards rewards={referralRewards} /> : null}
      <section className="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Where you are signed in</h2>
        {othersSignedOut ? (
          <p className="toast ok" role="status">
            You are signed out of all other devices.
          </p>
        ) : null}
        <FormErrors errors={sessionsForm.formErrors} />
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
                    <dt>Session</dt>
                    <dd>{session.shortId}</dd>
                    <dt>Network</dt>
                    <dd>{session.network === 'unknown' ? 'Unknown' : session.network}</dd>
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
          You stay signed in on a device for up to 30 days, and are signed out after 7 days without a visit. We e-mail you when a new device
          signs in; the session&rsquo;s code is in the e-mail, so you can match it to this list.
        </p>
        {othersExist ? (
          <Form method="post">
            <button className="btn secondary" type="submit" name="intent" value="sign-out-others">
              Sign out of all other devices
            </button>
          </Form>
        ) : null}
        <Form method="post">
          <p className="muted">Think someone has a copy of your sign-in on this device too? Sign out everywhere and sign in again.</p>
          <button className="btn secondary" type="submit" name="intent" value="sign-out-everywhere">
            Sign out everywhere, including here
          </button>
        </Form>
      </section>
    </>
  );
}

function ReferralRewards({ rewards }: { rewards: ReferralReward[] }) {
  return (
    <section className="card" aria-labelledby="referral-rewards-title">
      <h2 id="referral-rewards-title">Your referral rewards</h2>
      <ul className="vehicle-list">
        {rewards.map((reward, index) => (
          // Rewards are never changed or removed, so their order is steady.
          <li key={index} data-testid="referral-reward">
            <p>
              <strong>{formatPounds(reward.amountPence / 100)}</strong>{' '}
              {reward.status === 'paid' && reward.paidAt
                ? `paid on ${formatDate(reward.paidAt)} into the account ending ${reward.paidToLast4}, for a friend's sale.`
                : `for a friend's sale on ${formatDate(reward.createdAt)}: held while your payout is frozen. We'll pay it once we have checked with you.`}
            </p>
          </li>
        ))}
      </ul>
      <p className="muted">
        <Link to="/referral-terms">Referral terms</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
