-- Refer a friend, the reward (content/pages/referral-terms.md): one row per referred seller, made when
-- their sale is paid (platform/src/sale/referral-rewards.ts). The unique friend is what makes it once.
CREATE TABLE referral_rewards (
  id INTEGER PRIMARY KEY,
  referrer_id INTEGER NOT NULL REFERENCES users(id),
  referred_user_id INTEGER NOT NULL UNIQUE REFERENCES users(id),
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id),  -- the friend's sale that earned it
  amount_pence INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('paid', 'held')),
  paid_to_last4 TEXT,                                     -- the referrer's account it was paid into
  created_at TEXT NOT NULL,
  paid_at TEXT
);
CREATE INDEX referral_rewards_by_referrer ON referral_rewards (referrer_id, created_at);
