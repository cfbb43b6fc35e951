import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { FormErrors } from '~/lib/forms/form-parts';
import { failed, invalid, parseForm } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { pageMeta } from '~/lib/meta';
import { CollectionSchema } from '~/features/sale/sale-forms.server';
import { sellerSale, readSellerSale } from '~/features/sale/seller-sale.server';
import { degraded, readOrOutage } from '~/lib/failures.server';
import { OutageNotice, OutagePage } from '~/features/shell/outage-notice';
import { endpoints } from '../../../../contract/endpoints';

/** `/{vrm}/collection`: the seller picks a day and time; the dealer collects free. */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Vehicle collection' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await readSellerSale(request, context, params.vrm);
  if (!sale.outage && !sale.sale?.documentsReviewedAt) throw redirect(`/${sale.vrm}/review-status`);
  // The address search is a GET form: it works without JavaScript and changes nothing.
  const postcode = new URL(request.url).searchParams.get('postcode') ?? context.session.get('auth')?.postcode ?? '';
  const read = sale.outage
    ? sale
    : await readOrOutage(
        () =>
          Promise.all([
            context.gateway.call(endpoints.sale.collectionAvailability, { query: { enquiryId: sale.enquiry.id } }),
            postcode
              ? context.gateway.call(endpoints.sale.addressSuggestions, { query: { input: postcode } })
              : Promise.resolve({ suggestions: [] }),
          ]),
        context.config.brandName,
      );
  // The platform down: the days on offer are unknown, so the booking comes back as the seller sent it (docs/decisions/026).
  if (read.outage) return degraded({ vrm: sale.vrm, availability: null, postcode, addresses: [], booked: null, outage: read.outage });
  const [availability, addresses] = read.value;
  const booked = sale.outage ? null : (sale.sale?.collection ?? null);
  return { vrm: sale.vrm, availability, postcode, addresses: addresses.suggestions, booked, outage: null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), CollectionSchema);
  if (submission.status !== 'success') return invalid(submission);
  const { date, slot, notes, addressId } = submission.value;
  let vrm: string;
  try {
    const sale = await sellerSale(request, context, params.vrm);
    vrm = sale.vrm;
    // A day, time or address that is not on offer is refused in the platform's words ('Choose one of the days and times offered').
    await context.gateway.call(endpoints.sale.bookCollection, {
      params: { id: sale.enquiry.id },
      body: { date, slot, notes: notes ?? '', addressId: addressId ?? '' },
    });
  } catch (error) {
    return failed(submission, error, context, 'collection.book_failed');
  }
  context.analytics.track('collection_booked');
  throw redirect(`/${vrm}/review-status`);
}

/** The booking's fields, in the schema's order: the first one wrong is the one the page names. */
const FIELDS = ['date', 'slot', 'notes', 'addressId'] as const;

const dayName = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

export default function Collection() {
  const { availability: offered, postcode, addresses, booked, outage } = useLoaderData<typeof loader>();
  const form = useFormReply(useActionData<typeof action>());
  if (outage && !form.replied) return <OutagePage title="Book your free collection" titleId="collection-title" message={outage.message} />;
  const sentDate = form.value('date');
  const availability = offered ?? { days: sentDate ? [sentDate] : [], slots: ['morning', 'afternoon'] as const };
  // After a failed booking the page shows what the seller chose, not what was saved before.
  const typed = form.replied;
  // The choices are radios with one already ticked: anything wrong with them is said above the form.
  const errors = form.formErrors ?? FIELDS.flatMap((name) => form.errors(name) ?? []);
  return (
    <>
      <section className="card" aria-labelledby="collection-title">
        <h2 id="collection-title">Book your free collection</h2>
        {booked ? (
          <p className="toast ok">
            Booked: {dayName(booked.date)}, {booked.slot}
            {booked.address ? `, at ${booked.address}` : ''}.
          </p>
        ) : null}
        <FormErrors errors={errors} />
        {outage ? <OutageNotice message={outage.message} sent /> : null}
        <Form method="get" className="actions">
          <div className="field">
            <label htmlFor="postcode">Postcode where the car is</label>
            <input className="input" id="postcode" name="postcode" defaultValue={postcode} autoComplete="postal-code" />
          </div>
          <button className="btn secondary" type="submit">
            Find the address
          </button>
        </Form>
        <Form method="post">
          {addresses.length ? (
            <fieldset>
              <legend>Which address?</legend>
              <div className="choices">
                {addresses.map((address, i) => (
                  <label key={address.id}>
                    <input
                      type="radio"
                      name="addressId"
                      value={address.id}
                      defaultChecked={form.value('addressId') ? form.value('addressId') === address.id : i === 0}
                      required
                    />{' '}
                    {address.text}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <fieldset>
            <legend>Which day?</legend>
            <div className="choices">
              {availability.days.map((day, i) => (
                <label key={day}>
                  <input
                    type="radio"
                    name="date"
                    value={day}
                    defaultChecked={typed ? form.value('date') === day : booked ? booked.date === day : i === 0}
                    required
                  />{' '}
                  {dayName(day)}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend>Which part of the day?</legend>
            <div className="choices">
              {availability.slots.map((slot) => (
                <label key={slot}>
                  <input
                    type="radio"
                    name="slot"
                    value={slot}
                    defaultChecked={typed ? form.value('slot') === slot : booked ? booked.slot === slot : slot === 'morning'}
                    required
                  />{' '}
                  {slot === 'morning' ? 'Morning (8am to 12pm)' : 'Afternoon (12pm to 5pm)'}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor="notes">Anything the driver should know (optional)</label>
            <textarea
              className="input"
              id="notes"
              name="notes"
              rows={2}
              maxLength={500}
              defaultValue={typed ? (form.value('notes') ?? '') : (booked?.notes ?? '')}
            />
          </div>
          <button className="btn" type="submit">
            {booked ? 'Change the booking' : 'Book collection'}
          </button>
        </Form>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
