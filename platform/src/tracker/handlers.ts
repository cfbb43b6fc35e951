import type { endpoints } from '../../../contract/endpoints';
import type { Handlers } from '../router';
import { addTracker, listTrackers, removeTracker, trackVehicle } from './trackers';

export const trackerHandlers: Handlers<typeof endpoints.tracker> = {
  track: trackVehicle,
  add: addTracker,
  list: listTrackers,
  remove: removeTracker,
};
