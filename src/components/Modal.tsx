import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { MODAL } from '../config.ts';
import './modal.css';

export interface ModalProps {
  open: boolean;
  /** Emitted after the fade-out, once the modal is gone. */
  onClose?: () => void;
  title?: ReactNode;
  children?: ReactNode;
  /** Footer content; a function receives `close`, which fades the modal out like the close icon. */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  /** The visitor may close it (close icon, Escape). False makes a blocking modal. */
  closable?: boolean;
  /** Show the close icon (when closable). */
  closeIcon?: boolean;
  /** A click on the overlay closes it (when closable). */
  overlayClose?: boolean;
  /** Overrides the 600px maximum width. */
  maxWidth?: string;
  /** Accessible name of the close icon. */
  closeLabel?: string;
}

/** Modals render into one element outside <body>, which Astro's router replaces on navigation. */
function modalRoot(): HTMLElement {
  let root = document.querySelector<HTMLElement>('[data-modal-root]');
  if (!root) {
    root = document.createElement('div');
    root.dataset.modalRoot = '';
    document.documentElement.append(root);
  }
  return root;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The modal dialog (spec sections 2, 4 and 9): 90% wide up to 600px, at most 90vh high, rounded;
 * closing fades out in 0.1 s and then emits `onClose`. Focus stays inside while it is open and
 * returns to where it was afterwards; Escape closes it when closing is allowed.
 */
export function Modal(props: ModalProps) {
  const { open, onClose, closable = true, closeIcon = true, overlayClose = false } = props;
  const [mounted, setMounted] = useState(false);
  const [closing, setClosing] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => setMounted(true), []);

  const requestClose = useCallback(() => {
    if (!closable || closing) return;
    setClosing(true);
  }, [closable, closing]);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => {
      setClosing(false);
      onClose?.();
    }, MODAL.fadeMs);
    return () => clearTimeout(timer);
  }, [closing, onClose]);

  useEffect(() => {
    if (!open || !mounted) return;
    const previous = document.activeElement as HTMLElement | null;
    const box = dialog.current;
    (box?.querySelector<HTMLElement>(FOCUSABLE) ?? box)?.focus();
    return () => previous?.focus?.();
  }, [open, mounted]);

  if (!mounted || !open) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the overlay only forwards clicks outside the dialog
    <div
      className={`sw-modal-overlay${closing ? ' sw-modal-closing' : ''}`}
      style={{ transitionDuration: `${MODAL.fadeMs}ms` }}
      onMouseDown={(event) => {
        if (overlayClose && event.target === event.currentTarget) requestClose();
      }}
      onKeyDown={onKeyDown}
      data-lenis-prevent
    >
      <div
        ref={dialog}
        className="sw-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.title ? titleId : undefined}
        tabIndex={-1}
        style={{ width: MODAL.width, maxWidth: props.maxWidth ?? MODAL.maxWidth, maxHeight: MODAL.maxHeight }}
      >
        {(props.title || (closable && closeIcon)) && (
          <header className="sw-modal-header">
            {props.title && <h2 id={titleId}>{props.title}</h2>}
            {closable && closeIcon && (
              <button
                type="button"
                className="sw-modal-close"
                aria-label={props.closeLabel ?? 'Close'}
                onClick={requestClose}
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </header>
        )}
        <div className="sw-modal-body">{props.children}</div>
        {props.footer && (
          <footer className="sw-modal-footer">
            {typeof props.footer === 'function' ? props.footer(requestClose) : props.footer}
          </footer>
        )}
      </div>
    </div>,
    modalRoot(),
  );
}
