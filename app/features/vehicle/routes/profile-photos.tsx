import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { PhotoInput } from '~/features/vehicle/photo-input';
import { profileAction, profilePhotosLoader } from '~/features/vehicle/profile.server';
import { ProfileStep } from '~/features/vehicle/profile-step';
import { useFormReply } from '~/lib/forms/use-form-reply';

/** `/{vrm}/profile/photos`: the guided photos, one upload per slot; each comes back here. */
export { ErrorBoundary, handle, meta } from '~/features/vehicle/profile-step';
export const loader = profilePhotosLoader;
export const action = profileAction;

export default function ProfilePhotos() {
  const { photos } = useLoaderData<typeof loader>();
  const sent = useFormReply(useActionData<typeof action>());
  const errorSlot = sent.value('slot') ?? null;
  const error = sent.errors('file')?.[0] ?? null;
  // A photo's own error sits by its slot; anything else above the step.
  return (
    <ProfileStep title="Photos" sent={sent} errors={sent.formErrors ?? (error && !errorSlot ? [error] : undefined)}>
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
    </ProfileStep>
  );
}
