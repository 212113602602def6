import type { ReactNode } from 'react';

/** One fact about a thing: what it is (the term) and its value; `className` styles its row. */
export interface Fact {
  label: ReactNode;
  value: ReactNode;
  className?: string;
}

/**
 * Facts about one thing (an order, a payment, a course) as a description list: a `div` per fact
 * holding its `dt` and `dd`, which the list's stylesheet lays out. A fact that does not apply is
 * given as `false` (or null) and left out.
 */
export function FactList({ className, facts }: { className: string; facts: (Fact | false | null | undefined)[] }) {
  return (
    <dl className={className}>
      {facts.map(
        (fact, index) =>
          fact && (
            <div key={index} className={fact.className}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ),
      )}
    </dl>
  );
}
