// Button classes beside the `btn-*` ones in app.css, for any screen that needs them.

/** Quieter buttons, beside `btn-dark` and `btn-primary` (app.css). */
export const buttonClass = {
  light: "btn ring-1 ring-navy-900/30 hover:bg-mist",
  danger: "btn text-red-800 ring-1 ring-red-800/40 hover:bg-red-50",
} as const;

const SMALL = "!min-h-10 !px-4 !py-2 text-sm";
/** Classes for a row's buttons (and links that look like them): a size smaller. */
export const rowButton = {
  dark: `btn-dark ${SMALL}`,
  light: `${buttonClass.light} ${SMALL}`,
  danger: `${buttonClass.danger} ${SMALL}`,
} as const;
