// A framework-free view model for a "leads inbox" screen: it loads a page of the project's leads
// through the SDK and exposes what the screen shows: loading, the rows, or an error message written
// for the user. Bind it to any UI (React, Vue, Svelte, plain DOM) by subscribing to its state.
import { APIConnectionError, APIConnectionTimeoutError, AuthenticationError, InternalServerError, PermissionDeniedError, RateLimitError, type Lead, type SupportKbClient } from '@supportkb/sdk';

/** One row of the inbox. */
export interface LeadRow {
  id: string;
  name: string;
  email: string | null;
  /** `null` when the lead has none: the service stores `phone: null` for a lead created without one. */
  phone: string | null;
  tags: string[];
}

/** What the screen renders. */
export interface InboxState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Rows of the current page (kept while reloading, cleared on error). */
  leads: LeadRow[];
  /** Leads across all pages, as the service counts them. */
  total: number;
  /** Zero-based page shown. */
  page: number;
  /** Text for the user when `status` is `error`, else `null`. */
  error: string | null;
  /** Text for the user when the list is empty. */
  empty: string | null;
}

/** The message the user sees for a failed call (never the raw error, which may carry ids and URLs). */
export function userMessage(error: unknown): string {
  if (error instanceof AuthenticationError) return 'Your session has expired. Sign in again.';
  if (error instanceof PermissionDeniedError) return "You don't have permission to see leads.";
  if (error instanceof RateLimitError) return 'Too many requests. Wait a moment, then try again.';
  if (error instanceof InternalServerError) return `The service is having trouble (${error.status}). Try again in a moment.`;
  if (error instanceof APIConnectionTimeoutError) return 'The service took too long to answer. Try again.';
  if (error instanceof APIConnectionError) return "Can't reach the service. Check your connection and try again.";
  return 'Something went wrong. Try again.';
}

function toRow(lead: Lead): LeadRow {
  return { id: lead._id, name: lead.fullname || lead.email || lead.lead_id || lead._id, email: lead.email ?? null, phone: lead.phone ?? null, tags: lead.tags ?? [] };
}

/** The inbox view model. */
export interface LeadsInbox {
  /** The current state. */
  readonly state: InboxState;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (state: InboxState) => void): () => void;
  /** Loads a page (default: the current one). Never throws: failures become `state.error`. */
  load(page?: number): Promise<void>;
  /** Loads the current page again (the "Try again" button). */
  retry(): Promise<void>;
}

/** Creates the view model over an SDK client (signed in, or with credentials). */
export function createLeadsInbox(sk: SupportKbClient, options: { perPage?: number } = {}): LeadsInbox {
  const perPage = options.perPage ?? 20;
  let state: InboxState = { status: 'idle', leads: [], total: 0, page: 0, error: null, empty: null };
  const listeners = new Set<(state: InboxState) => void>();
  let latest = 0;

  const set = (patch: Partial<InboxState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener(state);
  };

  async function load(page = state.page): Promise<void> {
    const call = ++latest;
    set({ status: 'loading', page, error: null });
    try {
      const body = await sk.leads.list({ page, limit: perPage, sortField: 'createdAt', direction: 1 });
      if (call !== latest) return; // a newer load won
      const leads = body.leads.map(toRow);
      set({ status: 'ready', leads, total: body.count ?? leads.length, empty: leads.length ? null : 'No leads yet.' });
    } catch (error) {
      if (call !== latest) return;
      set({ status: 'error', leads: [], error: userMessage(error), empty: null });
    }
  }

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    retry: () => load(state.page),
  };
}
