import { Link } from '@remix-run/react';
import type { Vehicle } from '../../../contract/vehicles';
import { fuelName, sentenceCase } from '~/lib/format';

export function VehicleHeader({ vehicle }: { vehicle: Vehicle }) {
  return (
    <section className="card" aria-labelledby="vehicle-title">
      <div className="vehicle-head">
        <h1 id="vehicle-title">
          {vehicle.make.display_name} {vehicle.model}
        </h1>
        <Link to="/">Change car</Link>
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
