// The mileage step's strapline, rendered by the server only (ServerMarkup, ADR 012): the step
// shows the hero's words without the hero, whose code it would otherwise carry.
export { Strapline } from './hero';
