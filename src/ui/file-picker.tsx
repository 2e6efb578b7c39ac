import { useState, type ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';
import { visuallyHidden } from '../../styled-system/patterns';

const zone = css({
  display: 'grid',
  justifyItems: 'center',
  gap: '1',
  w: 'full',
  minW: 0,
  p: { base: '4', md: '6' },
  borderRadius: 'xl',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
  bg: 'bg.surface',
  textAlign: 'center',
  transition: 'border-color 0.15s, background 0.15s',
  // The input is hidden but keeps the keyboard focus: the zone shows it.
  _focusWithin: { outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '2px' },
  '&[data-dragging=true]': { borderColor: 'brand.600', bg: 'brand.50' },
  '&[data-invalid=true]': { borderColor: 'red.600' },
  '&[data-disabled=true]': { opacity: 0.6 },
});
const pickButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minH: '11',
  px: '5',
  borderRadius: 'full',
  bg: 'brand.600',
  color: 'white',
  fontWeight: 'semibold',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  _hover: { bg: 'brand.700' },
});
const aside = css({ fontSize: 'sm', color: 'fg.muted' });

export interface FilePickerProps {
  id: string;
  /** The visible label of the input ("Choose a photo"), drawn as the zone's button. */
  label: string;
  /** Beside the button: "or drag it here". */
  dropHint: string;
  accept: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  onFile: (file: File) => void;
  /** Resets the input (a fresh one) when it changes, so a refused or removed file never shows as chosen. */
  resetKey?: string;
  /** Shown inside the zone under the button (a preview of the chosen file). */
  children?: ReactNode;
}

/**
 * The one file picker of the app (issue 23 item 3): a real `<input type=file>` with a visible label drawn as a button
 * (Tab reaches it, Enter or Space opens the browser's picker), inside a zone that also takes a dropped file. The
 * machine of the screen decides what a file means; this only hands it over.
 */
export function FilePicker({ id, label, dropHint, accept, disabled, invalid, describedBy, onFile, resetKey, children }: FilePickerProps) {
  // Presentation only: whether a file is being dragged over the zone.
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={zone}
      data-dragging={dragging}
      data-invalid={invalid ? true : undefined}
      data-disabled={disabled ? true : undefined}
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const dropped = event.dataTransfer.files[0];
        if (dropped && !disabled) onFile(dropped);
      }}
    >
      <input
        id={id}
        key={resetKey}
        type="file"
        className={visuallyHidden()}
        accept={accept}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          if (chosen) onFile(chosen);
        }}
      />
      <label htmlFor={id} className={cx(pickButton)}>
        {label}
      </label>
      <span className={aside}>{dropHint}</span>
      {children}
    </div>
  );
}
