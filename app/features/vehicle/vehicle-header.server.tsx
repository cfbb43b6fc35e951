import type { Vehicle } from '../../../contract/vehicles';
import { fuelName, sentenceCase } from '~/lib/format';

/**
 * The car's name, plate and facts above every page under its registration. 'Change car' is for a
 * signed-in seller, whose cars stay in their account while they start another; a visitor has no
 * account to come back to, and this page's next step for them is signing up
 * (docs/behaviour/entry.md#hero).
 *
 * Server markup (ADR 025): the same facts whatever the seller does on the page, so the browser keeps
 * the markup it was sent and its scripts carry none of this. Inside the layout's `section.card`.
 */
export function VehicleHeader({ vehicle, changeCar }: { vehicle: HeaderVehicle; changeCar: boolean }) {
  return (
    <>
      <div className="vehicle-head">
        <h1 id="vehicle-title">{vehicle.make ? `${vehicle.make.display_name} ${vehicle.model ?? ''}`.trim() : vehicle.vrm_pretty}</h1>
        {changeCar ? <a href="/">Change car</a> : null}
      </div>
      <p>
        <span className="sr-only">Registration </span>
        <span className="reg">{vehicle.vrm_pretty}</span>
      </p>
      {vehicle.year ? (
        <dl className="facts">
          <dt>Year</dt>
          <dd>{vehicle.year}</dd>
          {vehicle.colour ? (
            <>
              <dt>Colour</dt>
              <dd>{sentenceCase(vehicle.colour)}</dd>
            </>
          ) : null}
          {vehicle.fuel ? (
            <>
              <dt>Fuel</dt>
              <dd>{fuelName(vehicle.fuel)}</dd>
            </>
          ) : null}
          {vehicle.body && vehicle.transmission ? (
            <>
              <dt>Body</dt>
              <dd>
                {vehicle.body}, {vehicle.transmission.toLowerCase()}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </>
  );
}

/**
 * What the header shows: the register's record, or, while the platform is down, what the session
 * holds of the car (the lookup's facts when this is the car the seller valued, else only its plate).
 */
export type HeaderVehicle = Pick<Vehicle, 'vrm_pretty'> &
  Partial<Pick<Vehicle, 'make' | 'model' | 'year' | 'colour' | 'body' | 'transmission'>> & { fuel?: string };

/** A registration the register does not know: what to check (in the layout's `section.card`, as server markup). */
export function VehicleNotFound() {
  return (
    <>
      <h1 id="error-title">Vehicle not found</h1>
      <ul>
        <li>Check the reg is typed correctly.</li>
        <li>It must be a UK registration.</li>
        <li>Very recent registrations may not be searchable yet.</li>
      </ul>
      <a className="btn" href="/">
        Try another reg
      </a>
    </>
  );
}
