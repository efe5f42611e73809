// Types of scripts/runtimes/programs/round-trip.mjs (for the TypeScript tests that import it).
export declare const PROJECT_ID: string;
export declare const ADMIN: { email: string; password: string };
export declare const UNKNOWN_TAG_ID: string;
export declare function tagNameOf(id: string): string;
export interface RoundTripResult {
  user: string;
  /** Tags listed before and after the create (all pages). */
  before: number;
  created: { id: string; tag: string };
  after: number;
  notFound: { name: string; status: number; message: string };
}
/** Runs the round trip with `sdk` (the `@supportkb/sdk` module); throws `round trip: <what>` on the first unexpected step. */
export declare function roundTrip(sdk: typeof import('@supportkb/sdk'), options: { baseUrl: string; id: string }): Promise<RoundTripResult>;
