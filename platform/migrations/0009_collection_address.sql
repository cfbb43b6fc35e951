-- Where the dealer collects the car: the address the seller picked from the suggestions.
ALTER TABLE sales ADD COLUMN collection_address TEXT;
