-- The simulated outside world: a vehicle register shaped like the DVLA Vehicle Enquiry Service,
-- with the commercial-data fields (model, body, transmission, list price) a data provider adds,
-- and MOT histories shaped like the DVSA MOT History API. Filled by platform/seed (INSERT OR IGNORE).
CREATE TABLE register_vehicles (
  vrm TEXT PRIMARY KEY,                      -- normalised: upper case, no spaces
  make TEXT NOT NULL,                        -- DVLA style, upper case: FORD
  model TEXT NOT NULL,                       -- provider data: Fiesta
  body TEXT NOT NULL,                        -- Hatchback, Saloon, Estate, SUV, Panel Van, Motorcycle...
  transmission TEXT NOT NULL,                -- Manual | Automatic
  colour TEXT NOT NULL,                      -- DVLA style, upper case: BLUE
  fuel_type TEXT NOT NULL,                   -- PETROL | DIESEL | ELECTRICITY | HYBRID ELECTRIC
  vehicle_type TEXT NOT NULL,                -- car | van | motorcycle
  type_approval TEXT,                        -- M1 car, N1 van, L3 motorcycle (absent on old vehicles)
  wheelplan TEXT NOT NULL,                   -- 2 AXLE RIGID BODY, 2-WHEEL...
  revenue_weight INTEGER,                    -- kg, vans only
  year_of_manufacture INTEGER NOT NULL,
  month_of_first_registration TEXT NOT NULL, -- YYYY-MM
  engine_capacity INTEGER,                   -- cc, NULL for electric
  co2_emissions INTEGER,                     -- g/km, NULL before 2001
  euro_status TEXT,                          -- 'EURO 6' etc., often NULL
  tax_status TEXT NOT NULL,                  -- Taxed | Untaxed | SORN | Not Taxed for on Road Use
  tax_due_date TEXT,                         -- YYYY-MM-DD
  mot_status TEXT NOT NULL,                  -- Valid | Not valid | No details held by DVLA | No results returned
  mot_expiry_date TEXT,                      -- YYYY-MM-DD
  marked_for_export INTEGER NOT NULL DEFAULT 0,
  date_of_last_v5c_issued TEXT NOT NULL,     -- YYYY-MM-DD
  first_used_date TEXT NOT NULL,             -- YYYY-MM-DD (DVSA)
  has_outstanding_recall TEXT NOT NULL DEFAULT 'Unknown', -- Yes | No | Unknown
  list_price INTEGER NOT NULL,               -- GBP when new: the base of the valuation model
  sandbox_note TEXT                          -- what this registration exercises (docs/sandbox.md)
);

CREATE TABLE mot_tests (
  mot_test_number TEXT PRIMARY KEY,
  vrm TEXT NOT NULL REFERENCES register_vehicles(vrm),
  completed_date TEXT NOT NULL,              -- ISO 8601 timestamp
  test_result TEXT NOT NULL,                 -- PASSED | FAILED
  expiry_date TEXT,                          -- YYYY-MM-DD, PASSED only
  odometer_value INTEGER,
  odometer_unit TEXT,                        -- MI | KM, NULL when not read
  odometer_result_type TEXT NOT NULL,        -- READ | UNREADABLE | NO_ODOMETER
  defects TEXT NOT NULL DEFAULT '[]'         -- JSON [{text, type, dangerous}]
);
CREATE INDEX mot_tests_by_vrm ON mot_tests (vrm, completed_date);
