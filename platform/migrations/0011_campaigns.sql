-- The campaign (utm_*, gclid, dclid, msclkid) a seller signed up with or made an enquiry with,
-- as JSON; only present when the seller had accepted analytics cookies.
ALTER TABLE users ADD COLUMN campaign TEXT;
ALTER TABLE enquiries ADD COLUMN campaign TEXT;
