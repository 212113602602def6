/** One transition of a status machine: the statuses it applies from, and the status it leads to. */
export interface StatusTransition<S extends string> {
  readonly from: readonly S[];
  readonly to: S;
}

/**
 * The reading of a status machine written as a table of named transitions (an order's, a share
 * item's, a payment attempt's). Each status change is a conditional UPDATE `WHERE status =
 * ANY(sourcesOf(transition))`, so two racing requests never both move the same row.
 */
export function statusMachine<S extends string, T extends Record<string, StatusTransition<S>>>(transitions: T) {
  return {
    /** The statuses a row may be in for `transition` to apply (for `WHERE status = ANY($n)`). */
    sourcesOf: (transition: keyof T): S[] => [...transitions[transition].from],
    /** The status `transition` leads to. */
    targetOf: (transition: keyof T): S => transitions[transition].to,
    /** Whether `transition` applies to a row in `status`. */
    canApply: (status: S, transition: keyof T): boolean => transitions[transition].from.includes(status),
  };
}
