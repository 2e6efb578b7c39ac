/** Spec 9: the virtual list's estimated row height and the rows rendered beyond the screen on each side. */
export const ROW_ESTIMATE_PX = 43;
export const ROW_OVERSCAN = 5;
/** Home shows this many of the newest payments. */
export const RECENT_ACTIVITY_COUNT = 5;
