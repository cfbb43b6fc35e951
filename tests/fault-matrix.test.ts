import { faultMatrix } from './support/fault-matrix';

// The fault matrix: every journey step that calls the platform × six ways it fails (tests/support/fault-matrix.ts).
faultMatrix('steps');
