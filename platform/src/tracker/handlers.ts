import type { endpoints } from '../../../contract/endpoints';
import { legacy, type Handlers } from '../router';
import { addTracker, listTrackers, removeTracker, trackVehicle } from './trackers';

export const trackerHandlers: Handlers<typeof endpoints.tracker> = {
  track: legacy(trackVehicle),
  add: legacy(addTracker),
  list: legacy(listTrackers),
  remove: legacy(removeTracker),
};
