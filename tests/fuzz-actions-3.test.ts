import { defineFuzzSuite } from './support/fuzz-actions';

// Bad input never makes a 5xx: a third of the actions (tests/support/fuzz-actions.ts).
defineFuzzSuite(2, 3);
