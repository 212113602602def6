import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  /** Names the tab list. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * Tabs (WAI-ARIA tabs pattern): a tab list whose selected tab alone is in the Tab order; Left and
 * Right arrows move between tabs (wrapping), Home and End go to the first and last, and moving
 * selects. The selected tab's panel follows, labelled by its tab.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const id = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const key = tabs[target].key;
    onSelect(key);
    buttons.current.get(key)?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) buttons.current.set(tab.key, element);
              else buttons.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            className="tabs__tab"
            aria-selected={tab.key === selected}
            aria-controls={panelId}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} className="tabs__panel" aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
