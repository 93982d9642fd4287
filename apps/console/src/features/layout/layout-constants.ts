/** Sidebar widths; the page content is offset by the open width. */
export const SIDEBAR_OPEN_WIDTH = 240;
export const SIDEBAR_COLLAPSED_WIDTH = 70;
