import { Link } from '@remix-run/react';
import type { Vehicle } from '../../../contract/vehicles';
import { fuelName, sentenceCase } from '~/lib/format';

/**
 * The car's name, plate and facts above every page under its registration. 'Change car' is for a
 * signed-in seller, whose cars stay in their account while they start another; a visitor has no
 * account to come back to, and this page's next step for them is signing up
 * (docs/behaviour/entry.md#hero).
 */
export function VehicleHeader({ vehicle, changeCar }: { vehicle: Vehicle; changeCar: boolean }) {
  return (
    <section className="card" aria-labelledby="vehicle-title">
      <div className="vehicle-head">
        <h1 id="vehicle-title">
          {vehicle.make.display_name} {vehicle.model}
        </h1>
        {changeCar ? <Link to="/">Change car</Link> : null}
      </div>
      <p>
        <span className="sr-only">Registration </span>
        <span className="reg">{vehicle.vrm_pretty}</span>
      </p>
      <dl className="facts">
        <dt>Year</dt>
        <dd>{vehicle.year}</dd>
        <dt>Colour</dt>
        <dd>{sentenceCase(vehicle.colour)}</dd>
        <dt>Fuel</dt>
        <dd>{fuelName(vehicle.fuel)}</dd>
        <dt>Body</dt>
        <dd>
          {vehicle.body}, {vehicle.transmission.toLowerCase()}
        </dd>
      </dl>
    </section>
  );
}
