// Kept apart from lead-outbox.ts so the always-loaded launcher can check for queued leads without
// pulling in the code that sends them.

/** Spec section 7: every finished lead is appended here, in the browser. */
export const LEADS_KEY = "ic_interior_leads";
/** Leads not yet accepted by the server; retried on the next page view. */
export const OUTBOX_KEY = "ic_interior_leads_outbox";
/** The conversation in this tab (sessionStorage): restored after a reload or a full page load. */
export const CONVERSATION_KEY = "ic_chat_conversation";
/** "1" while the chat is open in this tab (sessionStorage), so a reload opens it again. */
export const CHAT_OPEN_KEY = "ic_chat_open";
