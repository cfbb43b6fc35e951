-- Refer a friend (docs/behaviour/routes.md#public-routes /refer): each seller's own link code, and who referred a new seller.
ALTER TABLE users ADD COLUMN referral_code TEXT;
ALTER TABLE users ADD COLUMN referred_by INTEGER REFERENCES users(id);
CREATE UNIQUE INDEX users_by_referral_code ON users (referral_code);
