/** A cookie the page's own script sets: its presence says this browser runs JavaScript (ADR 004). */
export const SCRIPTS_HINT_COOKIE = 'ks_js';
