import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FEATURES, ISSUE_KINDS, SERVICE_HISTORY, type IssueKind, type VehicleProfile } from '../../../../contract/sale';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { OutageNotice, OutagePage } from '~/features/shell/outage-notice';
import { PhotoInput } from '~/features/vehicle/photo-input';
import { FormErrors } from '~/lib/forms/form-parts';
import { failed, invalid, parseForm, refuse } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { saveProfileStep } from '~/features/vehicle/sale.server';
import { ProfileSchema } from '~/features/vehicle/sale-forms.server';
import { findSellerSale, readSellerSale } from '~/features/vehicle/seller-sale.server';
import { degraded, readOrOutage } from '~/lib/failures.server';
import { listPhotos, photoSlotsUnknown, uploadPhoto } from '~/features/vehicle/documents.server';
import { formatPounds } from '~/lib/format';
import { formatDealerNetwork } from '~/lib/dealer-network';
import { endpoints } from '../../../../contract/endpoints';

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

// The profile timeline owns the whole screen and its scroll (docs/behaviour/routes.md#vehicle-routes).
// The profile comes before the sale: no timeline under it.
export const handle = { ...routeFlags({ hideFooter: true, manageOwnScroll: true }), saleProgress: false };

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
  const step = (params['*'] ?? '').replace(/\/$/, '') || 'timeline';
  if (!['timeline', 'features', 'finance', 'issues', 'issues/details', 'keys', 'photos'].includes(step)) {
    throw new Response('Not Found', { status: 404 });
  }
  const dealerNetwork = formatDealerNetwork(context.config.dealerNetworkSize);
  const sale = await readSellerSale(request, context, params.vrm);
  // The platform down: the step shows what the seller sent, or says why it can't (docs/decisions/026).
  const unknownPhotos = step === 'photos' ? photoSlotsUnknown() : null;
  if (sale.outage)
    return degraded({ vrm: sale.vrm, step, profile: null, eligible: false, photos: unknownPhotos, dealerNetwork, outage: sale.outage });
  const photos =
    step === 'photos' ? await readOrOutage(() => listPhotos(context.gateway, sale.enquiry.id), context.config.brandName) : null;
  const page = {
    vrm: sale.vrm,
    step,
    profile: sale.profile,
    eligible: sale.enquiry.marketplaceEligible?.eligible ?? false,
    photos: photos?.value ?? unknownPhotos,
    dealerNetwork,
  };
  return photos?.outage ? degraded({ ...page, outage: photos.outage }) : { ...page, outage: null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), ProfileSchema);
  if (submission.status !== 'success') return invalid(submission);
  const { gateway } = context;
  const step = submission.value;
  let base: string;
  try {
    const sale = await findSellerSale(request, context, params.vrm);
    const id = sale.enquiry.id;
    base = `/${sale.vrm}/profile`;
    switch (step.intent) {
      case 'features':
        await saveProfileStep(gateway, id, 'features', { features: step.features, serviceHistory: step.serviceHistory });
        break;
      case 'finance':
        await saveProfileStep(gateway, id, 'finance', {
          outstanding: step.outstanding === 'yes',
          lender: step.lender,
          settlement: step.settlement,
        });
        break;
      case 'issues': {
        const kinds = step.kinds.filter((k): k is IssueKind => k in ISSUE_KINDS);
        const declared = step.declared === 'yes';
        await saveProfileStep(gateway, id, 'issues', { items: declared ? kinds.map((kind) => ({ kind, detail: '' })) : [] });
        if (declared && kinds.length) throw redirect(`${base}/issues/details`);
        break;
      }
      case 'issue-details': {
        const items = (sale.profile.issues?.items ?? []).map((item) => ({ kind: item.kind, detail: step[`detail-${item.kind}`] ?? '' }));
        await saveProfileStep(gateway, id, 'issues', { items });
        break;
      }
      case 'keys':
        await saveProfileStep(gateway, id, 'keys', { keys: step.keys });
        break;
      case 'photo': {
        const result = await uploadPhoto(gateway, id, step.slot, step.file);
        if (!result.ok) return refuse(submission, { file: result.message });
        context.analytics.track('photo_uploaded', { slot: step.slot });
        throw redirect(`${base}/photos`);
      }
      case 'enter-sale':
        await gateway.call(endpoints.sale.update, { params: { id }, body: { action: 'enter-sale' } });
        context.analytics.track('sale_entered');
        throw redirect(`/${sale.vrm}`);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return failed(submission, error, context, `profile.${step.intent}_failed`);
  }
  context.analytics.track('profile_step_saved', { step: step.intent });
  throw redirect(`${base}/timeline`);
}

/** A failed save's answer: each step shows what the seller sent in place of the saved profile. */
type Reply = ReturnType<typeof useFormReply>;

/** The steps' titles, for a step's page that has only its notice to show. */
const STEP_TITLES: Record<string, string> = {
  timeline: 'Your vehicle profile',
  features: 'Features and service history',
  finance: 'Finance',
  issues: 'Damage and faults',
  'issues/details': 'Tell dealers about the damage',
  keys: 'Keys',
  photos: 'Photos',
};

/**
 * While the platform is down the saved profile is unknown (docs/decisions/026): a step shows what
 * the seller sent, and the damage details the kinds they were sent for.
 */
function sentProfile(sent: Reply): VehicleProfile {
  const kinds = (Object.keys(ISSUE_KINDS) as IssueKind[]).filter((kind) => sent.value(`detail-${kind}`) !== undefined);
  return {
    features: null,
    serviceHistory: null,
    finance: null,
    issues: kinds.length ? { declared: true, items: kinds.map((kind) => ({ kind, detail: '' })) } : null,
    keys: null,
    missingPhotos: [],
    complete: false,
  };
}

export default function Profile() {
  const { vrm, step, profile: saved, eligible, photos, dealerNetwork, outage } = useLoaderData<typeof loader>();
  const form = useFormReply(useActionData<typeof action>());
  const base = `/${vrm}/profile`;
  const photoSlot = form.value('slot') ?? null;
  const photoError = form.errors('file')?.[0] ?? null;
  // A photo's own error sits by its slot; anything else above the step.
  const error = (
    <>
      <FormErrors errors={form.formErrors ?? (photoError && !photoSlot ? [photoError] : undefined)} />
      {outage ? <OutageNotice message={outage.message} sent /> : null}
    </>
  );

  if (outage && !form.replied) {
    return <OutagePage title={STEP_TITLES[step] ?? 'Your vehicle profile'} titleId="step-title" message={outage.message} />;
  }
  const profile = saved ?? sentProfile(form);

  if (step === 'timeline') {
    // During an outage the seller pressed 'Enter the next sale' on a complete profile: that form comes back.
    const canEnter = saved ? saved.complete && eligible : form.value('intent') === 'enter-sale';
    return (
      <section className="card" aria-labelledby="profile-title">
        <h2 id="profile-title">Your vehicle profile</h2>
        <p>Dealers bid on what you tell them here. An honest profile is what keeps your price at collection.</p>
        {error}
        <ol className="timeline">
          {STEPS.map((s) => {
            const done = saved ? stepDone(saved, s.id) : null;
            return (
              <li key={s.id} className={done ? 'done' : 'upcoming'}>
                <span className="marker" aria-hidden="true">
                  {done ? '✓' : ''}
                </span>
                <div>
                  <Link to={`${base}/${s.id}`}>{s.title}</Link>
                  {done === null ? null : <p className="muted">{done ? 'Done' : 'To do'}</p>}
                </div>
              </li>
            );
          })}
        </ol>
        {canEnter ? (
          <Form method="post">
            <p>Your profile is complete. Your car goes into the next daily sale, where {dealerNetwork} dealers compete.</p>
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
      {step === 'features' ? <FeaturesStep profile={profile} sent={form} /> : null}
      {step === 'finance' ? <FinanceStep profile={profile} sent={form} /> : null}
      {step === 'issues' ? <IssuesStep profile={profile} sent={form} /> : null}
      {step === 'issues/details' ? <IssueDetailsStep profile={profile} sent={form} /> : null}
      {step === 'keys' ? <KeysStep profile={profile} sent={form} /> : null}
      {step === 'photos' && photos ? <PhotosStep photos={photos} errorSlot={photoSlot} error={photoError} /> : null}
    </section>
  );
}

/** A yes-or-no radio pair as sent: neither ticked is neither. */
const yesNo = (value: string | undefined) => (value === 'yes' ? true : value === 'no' ? false : null);

function SaveButton({ intent }: { intent: string }) {
  const navigation = useNavigation();
  return (
    <button className="btn" type="submit" name="intent" value={intent} aria-disabled={navigation.state === 'submitting' || undefined}>
      Save and continue
    </button>
  );
}

function FeaturesStep({ profile, sent }: { profile: VehicleProfile; sent: Reply }) {
  const features = sent.replied ? sent.values('features') : (profile.features ?? []);
  const serviceHistory = sent.replied ? sent.value('serviceHistory') : profile.serviceHistory;
  return (
    <Form method="post">
      <h2 id="step-title">Features and service history</h2>
      <fieldset>
        <legend>Which of these does it have?</legend>
        <div className="choices">
          {FEATURES.map((feature) => (
            <label key={feature}>
              <input type="checkbox" name="features" value={feature} defaultChecked={features.includes(feature)} /> {feature}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Service history</legend>
        <div className="choices">
          {Object.entries(SERVICE_HISTORY).map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="serviceHistory" value={value} defaultChecked={serviceHistory === value} required /> {label}
            </label>
          ))}
        </div>
      </fieldset>
      <SaveButton intent="features" />
    </Form>
  );
}

function FinanceStep({ profile, sent }: { profile: VehicleProfile; sent: Reply }) {
  const outstanding = sent.replied ? yesNo(sent.value('outstanding')) : profile.finance?.outstanding;
  const lender = sent.replied ? (sent.value('lender') ?? '') : (profile.finance?.lender ?? '');
  const settlement = sent.replied
    ? (sent.value('settlement') ?? '')
    : profile.finance?.settlement
      ? formatPounds(profile.finance.settlement)
      : '';
  return (
    <Form method="post">
      <h2 id="step-title">Finance</h2>
      <fieldset>
        <legend>Is there finance outstanding on the car?</legend>
        <div className="choices">
          <label>
            <input type="radio" name="outstanding" value="no" defaultChecked={outstanding === false} required /> No
          </label>
          <label>
            <input type="radio" name="outstanding" value="yes" defaultChecked={outstanding === true} /> Yes: we settle it with your lender
            from the sale price
          </label>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="lender">Lender (if there is finance)</label>
        <input className="input" id="lender" name="lender" defaultValue={lender} />
      </div>
      <div className="field">
        <label htmlFor="settlement">Settlement figure, in pounds (if there is finance)</label>
        <input className="input" id="settlement" name="settlement" inputMode="numeric" defaultValue={settlement} />
      </div>
      <SaveButton intent="finance" />
    </Form>
  );
}

function IssuesStep({ profile, sent }: { profile: VehicleProfile; sent: Reply }) {
  const kinds = new Set<string>(sent.replied ? sent.values('kinds') : profile.issues?.items.map((i) => i.kind));
  const declared = sent.replied ? yesNo(sent.value('declared')) : profile.issues?.declared;
  return (
    <Form method="post">
      <h2 id="step-title">Damage and faults</h2>
      <p>Declared damage can never be used to cut your price at collection. Undeclared damage can.</p>
      <fieldset>
        <legend>Does the car have any damage or faults?</legend>
        <div className="choices">
          <label>
            <input type="radio" name="declared" value="no" defaultChecked={declared === false} required /> No
          </label>
          <label>
            <input type="radio" name="declared" value="yes" defaultChecked={declared === true} /> Yes
          </label>
        </div>
      </fieldset>
      <fieldset>
        <legend>If yes, which?</legend>
        <div className="choices">
          {Object.entries(ISSUE_KINDS).map(([value, label]) => (
            <label key={value}>
              <input type="checkbox" name="kinds" value={value} defaultChecked={kinds.has(value)} /> {label}
            </label>
          ))}
        </div>
      </fieldset>
      <SaveButton intent="issues" />
    </Form>
  );
}

function IssueDetailsStep({ profile, sent }: { profile: VehicleProfile; sent: Reply }) {
  const items = profile.issues?.items ?? [];
  return (
    <Form method="post">
      <h2 id="step-title">Tell dealers about the damage</h2>
      {items.length === 0 ? <p>You have not declared any damage.</p> : null}
      {items.map((item) => (
        <div className="field" key={item.kind}>
          <label htmlFor={`detail-${item.kind}`}>{ISSUE_KINDS[item.kind]}</label>
          <textarea
            className="input"
            id={`detail-${item.kind}`}
            name={`detail-${item.kind}`}
            rows={3}
            defaultValue={sent.replied ? (sent.value(`detail-${item.kind}`) ?? '') : item.detail}
            maxLength={500}
          />
        </div>
      ))}
      <SaveButton intent="issue-details" />
    </Form>
  );
}

function KeysStep({ profile, sent }: { profile: VehicleProfile; sent: Reply }) {
  const keys = sent.replied ? Number(sent.value('keys')) : profile.keys;
  return (
    <Form method="post">
      <h2 id="step-title">Keys</h2>
      <fieldset>
        <legend>How many keys do you have?</legend>
        <div className="choices">
          {[1, 2, 3].map((n) => (
            <label key={n}>
              <input type="radio" name="keys" value={n} defaultChecked={keys === n} required /> {n === 3 ? '3 or more' : n}
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
              <PhotoInput
                name="file"
                id={`photo-file-${slot.id}`}
                label={slot.uploaded ? `Replace the ${slot.label.toLowerCase()} photo` : `${slot.label} photo`}
              />
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
