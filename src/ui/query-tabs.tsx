import { Tabs } from '@ark-ui/react/tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { css } from '../../styled-system/css';

const list = css({
  display: 'flex',
  gap: '1',
  p: '1',
  bg: 'gray.100',
  borderRadius: 'full',
  overflowX: 'auto',
  scrollbarWidth: 'none',
});

const trigger = css({
  flex: '1 0 auto',
  minH: '10',
  px: { base: '3', md: '4' },
  borderRadius: 'full',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.muted',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  _hover: { color: 'fg.default' },
  _selected: { bg: 'bg.surface', color: 'accent.text', boxShadow: 'sm' },
});

const panel = css({ pt: '5', outline: 'none' });

/** The pill tab look, for tab sets whose state lives in a machine rather than the URL (the activity list). */
export const tabStyles = { list, trigger, panel };

interface QueryTab {
  value: string;
  label: string;
  content: ReactNode;
}

interface QueryTabsProps {
  tabs: readonly QueryTab[];
  /** Names the tab list for assistive tech. */
  label: string;
  /** The query parameter that holds the active tab (spec 2: `tab`). */
  param?: string;
}

/**
 * Tabs whose active tab lives in the URL (`?tab=pending`), so a reload, a shared link or Back keeps the
 * tab. An unknown value falls back to the first tab. Replacing the history entry keeps Back for pages.
 */
function QueryTabs({ tabs, label, param = 'tab' }: QueryTabsProps) {
  const [params, setParams] = useSearchParams();
  const requested = params.get(param);
  const value = tabs.some((tab) => tab.value === requested) ? requested! : tabs[0]?.value ?? '';
  return (
    <Tabs.Root
      value={value}
      onValueChange={(details) =>
        setParams(
          (current) => {
            current.set(param, details.value);
            return current;
          },
          { replace: true },
        )
      }
    >
      <Tabs.List className={list} aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={trigger}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className={panel}>
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
