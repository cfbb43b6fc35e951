import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FEATURES, ISSUE_KINDS, SERVICE_HISTORY, type IssueKind, type VehicleProfile } from '../../contract/sale';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PhotoInput } from '~/components/photo-input';
import { GatewayError } from '~/lib/gateway.server';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { enterSale, saveProfileStep } from '~/lib/sale.server';
import { loadSellerSale } from '~/lib/seller-sale.server';
import { listPhotos, uploadPhoto } from '~/lib/documents.server';
import { formatPounds } from '~/lib/format';

/**
 * `/{vrm}/profile/…`: the vehicle profile dealers bid on. The timeline lists the steps; each step is
 * a plain form that saves and comes back to the timeline. A complete profile enters the next sale.
 */
const STEPS = [
  { id: 'features', title: 'Features and service history' },
  { id: 'finance', title: 'Finance' },
  { id: 'issues', title: 'Damage and faults' },
  { id: 'keys', title: 'Keys' },
  { id: 'photos', title: 'Photos' },
] as const;

// The profile timeline owns the whole screen and its scroll (spec 2 §2.3).
export const handle = routeFlags({ hideFooter: true, manageOwnScroll: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Your vehicle profile' });

function stepDone(profile: VehicleProfile, step: (typeof STEPS)[number]['id']): boolean {
  switch (step) {
    case 'features':
      return profile.serviceHistory !== null;
    case 'finance':
      return profile.finance !== null;
    case 'issues':
      return profile.issues !== null;
    case 'keys':
      return profile.keys !== null;
    case 'photos':
      return profile.missingPhotos.length === 0;
  }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await loadSellerSale(request, context, params.vrm);
  const step = (params['*'] ?? '').replace(/\/$/, '') || 'timeline';
  if (!['timeline', 'features', 'finance', 'issues', 'issues/details', 'keys', 'photos'].includes(step)) {
    throw new Response('Not Found', { status: 404 });
  }
  const photos = step === 'photos' ? await listPhotos(context.gateway, sale.enquiry.id) : null;
  return { vrm: sale.vrm, step, profile: sale.profile, eligible: sale.enquiry.marketplaceEligible?.eligible ?? false, photos };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const sale = await loadSellerSale(request, context, params.vrm);
  const { gateway } = context;
  const id = sale.enquiry.id;
  const base = `/${sale.vrm}/profile`;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  try {
    switch (intent) {
      case 'features':
        await saveProfileStep(gateway, id, 'features', { features: form.getAll('features').map(String), serviceHistory: String(form.get('serviceHistory') ?? '') });
        break;
      case 'finance': {
        const outstanding = form.get('outstanding') === 'yes';
        await saveProfileStep(gateway, id, 'finance', {
          outstanding,
          lender: String(form.get('lender') ?? ''),
          settlement: Number(String(form.get('settlement') ?? '').replace(/[£,\s]/g, '')),
        });
        break;
      }
      case 'issues': {
        const kinds = form.getAll('kinds').map(String).filter((k): k is IssueKind => k in ISSUE_KINDS);
        const declared = form.get('declared') === 'yes';
        await saveProfileStep(gateway, id, 'issues', { items: declared ? kinds.map((kind) => ({ kind, detail: '' })) : [] });
        if (declared && kinds.length) throw redirect(`${base}/issues/details`);
        break;
      }
      case 'issue-details': {
        const items = (sale.profile.issues?.items ?? []).map((item) => ({ kind: item.kind, detail: String(form.get(`detail-${item.kind}`) ?? '') }));
        await saveProfileStep(gateway, id, 'issues', { items });
        break;
      }
      case 'keys':
        await saveProfileStep(gateway, id, 'keys', { keys: Number(form.get('keys')) });
        break;
      case 'photo': {
        const file = form.get('file');
        const slot = String(form.get('slot') ?? '');
        if (!(file instanceof File) || file.size === 0) return data({ error: 'Choose a photo to upload', slot }, { status: 400 });
        const result = await uploadPhoto(gateway, id, slot, file);
        if (!result.ok) return data({ error: result.message, slot }, { status: 400 });
        context.analytics.track('photo_uploaded', { slot });
        throw redirect(`${base}/photos`);
      }
      case 'enter-sale':
        await enterSale(gateway, id, 'enter-sale');
        context.analytics.track('sale_entered');
        throw redirect(`/${sale.vrm}`);
      default:
        throw new Response('Bad Request', { status: 400 });
    }
  } catch (error) {
    if (error instanceof GatewayError && error.status >= 400 && error.status < 500) {
      return data({ error: error.message, slot: null }, { status: 400 });
    }
    throw error;
  }
  context.analytics.track('profile_step_saved', { step: intent });
  throw redirect(`${base}/timeline`);
}

export default function Profile() {
  const { vrm, step, profile, eligible, photos } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const base = `/${vrm}/profile`;
  const error = actionData?.error && !actionData.slot ? (
    <div className="panel" role="alert">
      <p>{actionData.error}</p>
    </div>
  ) : null;

  if (step === 'timeline') {
    return (
      <section className="card" aria-labelledby="profile-title">
        <h2 id="profile-title">Your vehicle profile</h2>
        <p>Dealers bid on what you tell them here. An honest profile is what keeps your price at collection.</p>
        {error}
        <ol className="timeline">
          {STEPS.map((s) => {
            const done = stepDone(profile, s.id);
            return (
              <li key={s.id} className={done ? 'done' : 'upcoming'}>
                <span className="marker" aria-hidden="true">
                  {done ? '✓' : ''}
                </span>
                <div>
                  <Link to={`${base}/${s.id}`}>{s.title}</Link>
                  <p className="muted">{done ? 'Done' : 'To do'}</p>
                </div>
              </li>
            );
          })}
        </ol>
        {profile.complete && eligible ? (
          <Form method="post">
            <p>Your profile is complete. Your car goes into the next daily sale, where 7,500+ dealers compete.</p>
            <button className="btn" type="submit" name="intent" value="enter-sale">
              Enter the next sale
            </button>
          </Form>
        ) : (
          <p className="muted">Finish every step to enter the next daily sale.</p>
        )}
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="step-title">
      <p>
        <Link to={`${base}/timeline`}>Back to your profile</Link>
      </p>
      {error}
      {step === 'features' ? <FeaturesStep profile={profile} /> : null}
      {step === 'finance' ? <FinanceStep profile={profile} /> : null}
      {step === 'issues' ? <IssuesStep profile={profile} /> : null}
      {step === 'issues/details' ? <IssueDetailsStep profile={profile} /> : null}
      {step === 'keys' ? <KeysStep profile={profile} /> : null}
      {step === 'photos' && photos ? <PhotosStep photos={photos} errorSlot={actionData?.slot ?? null} error={actionData?.error ?? null} /> : null}
    </section>
  );
}

function SaveButton({ intent }: { intent: string }) {
  const navigation = useNavigation();
  return (
    <button className="btn" type="submit" name="intent" value={intent} aria-disabled={navigation.state === 'submitting' || undefined}>
      Save and continue
    </button>
  );
}

function FeaturesStep({ profile }: { profile: VehicleProfile }) {
  return (
    <Form method="post">
      <h2 id="step-title">Features and service history</h2>
      <fieldset>
        <legend>Which of these does it have?</legend>
        <div className="choices">
          {FEATURES.map((feature) => (
            <label key={feature}>
              <input type="checkbox" name="features" value={feature} defaultChecked={profile.features?.includes(feature)} /> {feature}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Service history</legend>
        <div className="choices">
          {Object.entries(SERVICE_HISTORY).map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="serviceHistory" value={value} defaultChecked={profile.serviceHistory === value} required /> {label}
            </label>
          ))}
        </div>
      </fieldset>
      <SaveButton intent="features" />
    </Form>
  );
}

function FinanceStep({ profile }: { profile: VehicleProfile }) {
  return (
    <Form method="post">
      <h2 id="step-title">Finance</h2>
      <fieldset>
        <legend>Is there finance outstanding on the car?</legend>
        <div className="choices">
          <label>
            <input type="radio" name="outstanding" value="no" defaultChecked={profile.finance?.outstanding === false} required /> No
          </label>
          <label>
            <input type="radio" name="outstanding" value="yes" defaultChecked={profile.finance?.outstanding === true} /> Yes: we settle it with your
            lender from the sale price
          </label>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="lender">Lender (if there is finance)</label>
        <input className="input" id="lender" name="lender" defaultValue={profile.finance?.lender ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="settlement">Settlement figure, in pounds (if there is finance)</label>
        <input
          className="input"
          id="settlement"
          name="settlement"
          inputMode="numeric"
          defaultValue={profile.finance?.settlement ? formatPounds(profile.finance.settlement) : ''}
        />
      </div>
      <SaveButton intent="finance" />
    </Form>
  );
}

function IssuesStep({ profile }: { profile: VehicleProfile }) {
  const kinds = new Set(profile.issues?.items.map((i) => i.kind));
  return (
    <Form method="post">
      <h2 id="step-title">Damage and faults</h2>
      <p>Declared damage can never be used to cut your price at collection. Undeclared damage can.</p>
      <fieldset>
        <legend>Does the car have any damage or faults?</legend>
        <div className="choices">
          <label>
            <input type="radio" name="declared" value="no" defaultChecked={profile.issues?.declared === false} required /> No
          </label>
          <label>
            <input type="radio" name="declared" value="yes" defaultChecked={profile.issues?.declared === true} /> Yes
          </label>
        </div>
      </fieldset>
      <fieldset>
        <legend>If yes, which?</legend>
        <div className="choices">
          {Object.entries(ISSUE_KINDS).map(([value, label]) => (
            <label key={value}>
              <input type="checkbox" name="kinds" value={value} defaultChecked={kinds.has(value as IssueKind)} /> {label}
            </label>
          ))}
        </div>
      </fieldset>
      <SaveButton intent="issues" />
    </Form>
  );
}

function IssueDetailsStep({ profile }: { profile: VehicleProfile }) {
  const items = profile.issues?.items ?? [];
  return (
    <Form method="post">
      <h2 id="step-title">Tell dealers about the damage</h2>
      {items.length === 0 ? <p>You have not declared any damage.</p> : null}
      {items.map((item) => (
        <div className="field" key={item.kind}>
          <label htmlFor={`detail-${item.kind}`}>{ISSUE_KINDS[item.kind]}</label>
          <textarea className="input" id={`detail-${item.kind}`} name={`detail-${item.kind}`} rows={3} defaultValue={item.detail} maxLength={500} />
        </div>
      ))}
      <SaveButton intent="issue-details" />
    </Form>
  );
}

function KeysStep({ profile }: { profile: VehicleProfile }) {
  return (
    <Form method="post">
      <h2 id="step-title">Keys</h2>
      <fieldset>
        <legend>How many keys do you have?</legend>
        <div className="choices">
          {[1, 2, 3].map((n) => (
            <label key={n}>
              <input type="radio" name="keys" value={n} defaultChecked={profile.keys === n} required /> {n === 3 ? '3 or more' : n}
            </label>
          ))}
        </div>
      </fieldset>
      <SaveButton intent="keys" />
    </Form>
  );
}

function PhotosStep({
  photos,
  errorSlot,
  error,
}: {
  photos: { slots: { id: string; label: string; hint: string; required: boolean; uploaded: boolean; sharp: boolean }[] };
  errorSlot: string | null;
  error: string | null;
}) {
  return (
    <>
      <h2 id="step-title">Photos</h2>
      <p>Good photos get more bids. Take them in daylight, the whole car in the frame.</p>
      <ul className="vehicle-list uploads">
        {photos.slots.map((slot) => (
          <li key={slot.id} data-testid={`photo-${slot.id}`}>
            <div>
              <strong>{slot.label}</strong> {slot.required ? null : <span className="muted">(optional)</span>}
              <p className="muted">
                {slot.uploaded ? (slot.sharp ? 'Uploaded ✓' : 'Uploaded ✓ — it looks blurry: a sharper photo gets more bids') : slot.hint}
              </p>
              {errorSlot === slot.id && error ? (
                <p className="field-error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="slot" value={slot.id} />
              <PhotoInput name="file" id={`photo-file-${slot.id}`} label={slot.uploaded ? `Replace the ${slot.label.toLowerCase()} photo` : `${slot.label} photo`} />
              <button className="btn secondary" type="submit" name="intent" value="photo">
                Upload
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Link className="btn" to="../timeline" relative="path">
        Back to your profile
      </Link>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

