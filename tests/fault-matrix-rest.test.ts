import { faultMatrix } from './support/fault-matrix';

// The fault matrix's other half: the tools, the whole platform down, the platform's refusals (tests/support/fault-matrix.ts).
faultMatrix('rest');
