import type { endpoints } from '../../../contract/endpoints';
import type { Handlers } from '../router';
import { ulezCheck } from './ulez';

export const ulezHandlers: Handlers<typeof endpoints.ulez> = {
  check: ulezCheck,
};
