/** The view's fixed measures, without DOM types (tests import them). */

/** The map's height in px: fixed, so redrawing it for a new width never changes the page's height. */
export const MAP_HEIGHT = 200
/** Stores listed before "show all": enough to choose from, short enough for a chat at 360 px. */
export const STORES_SHOWN = 5
