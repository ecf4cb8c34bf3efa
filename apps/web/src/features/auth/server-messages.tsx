import { Alert } from 'antd';

/** The messages of a failed request, one per line. */
export function ServerMessages({ messages, testId }: { messages: string[]; testId?: string }) {
  if (messages.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="sl-form-alert"
      data-testid={testId}
      title={
        messages.length === 1 ? (
          messages[0]
        ) : (
          <ul className="sl-message-list">
            {messages.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )
      }
    />
  );
}
