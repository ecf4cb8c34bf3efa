import { useCallback, useEffect, useId, useRef, useState } from 'react';

export interface ConfirmRequest {
  title: string;
  body: string;
  okText: string;
  cancelText: string;
  okTestId?: string;
}

/** A question in a modal `<dialog>`: focus kept inside, Escape cancels, the page behind inert. */
function ConfirmDialog({
  request,
  onAnswer,
}: {
  request: ConfirmRequest | null;
  onAnswer(isConfirmed: boolean): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request && !element.open) element.showModal();
    if (!request && element.open) element.close();
  }, [request]);
  return (
    <dialog
      ref={dialog}
      className="sl-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={() => onAnswer(false)}
    >
      {request && (
        <>
          <h2 id={titleId} className="sl-dialog-title">
            {request.title}
          </h2>
          <p id={bodyId}>{request.body}</p>
          <div className="sl-actions">
            {/* The safe answer has the focus: Enter on an opened dialog changes nothing. */}
            {/* biome-ignore lint/a11y/noAutofocus: a modal dialog moves the focus into itself */}
            <button type="button" className="sl-button" autoFocus onClick={() => onAnswer(false)}>
              {request.cancelText}
            </button>
            <button
              type="button"
              className="sl-button sl-button-primary"
              onClick={() => onAnswer(true)}
              data-testid={request.okTestId}
            >
              {request.okText}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

/**
 * `confirm(request)` opens the page's one confirmation dialog and resolves with the answer; `dialog` is
 * the element to render once. `confirm` never changes identity.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolve = useRef<((isConfirmed: boolean) => void) | null>(null);
  const confirm = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((done) => {
        resolve.current?.(false);
        resolve.current = done;
        setRequest(next);
      }),
    [],
  );
  const answer = useCallback((isConfirmed: boolean) => {
    resolve.current?.(isConfirmed);
    resolve.current = null;
    setRequest(null);
  }, []);
  return { confirm, dialog: <ConfirmDialog request={request} onAnswer={answer} /> };
}
