-- The account a referral reward was paid into, sealed as the beneficiary was when it was paid (its
-- enquiry binds the ciphertext): the referral rule compares a friend's account with every account
-- the referrer was ever paid into, and a payout account changed since would otherwise be forgotten.
ALTER TABLE referral_rewards ADD COLUMN paid_to_enquiry_id INTEGER REFERENCES enquiries(id);
ALTER TABLE referral_rewards ADD COLUMN paid_to_iv TEXT;
ALTER TABLE referral_rewards ADD COLUMN paid_to_ciphertext TEXT;
