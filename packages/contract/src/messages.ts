import { z } from 'zod';

/**
 * Validation messages in the words the original API used (Django REST framework), so that the
 * client shows the same texts whether a rule fails in the form or on the server.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null
          ? 'This field is required.'
          : `A valid ${issue.expected} is required.`;
      case 'too_small':
        if (issue.origin === 'string') {
          return Number(issue.minimum) <= 1
            ? 'This field may not be blank.'
            : `Ensure this field has at least ${issue.minimum} characters.`;
        }
        if (issue.origin === 'array') return `Ensure this field has at least ${issue.minimum} elements.`;
        return `Ensure this value is greater than or equal to ${issue.minimum}.`;
      case 'too_big':
        if (issue.origin === 'string')
          return `Ensure this field has no more than ${issue.maximum} characters.`;
        if (issue.origin === 'array') return `Ensure this field has no more than ${issue.maximum} elements.`;
        return `Ensure this value is less than or equal to ${issue.maximum}.`;
      case 'invalid_format':
        if (issue.format === 'email') return 'Enter a valid email address.';
        if (issue.format === 'url') return 'Enter a valid URL.';
        return undefined;
      case 'invalid_value':
        return issue.input === undefined || issue.input === null
          ? 'This field is required.'
          : `"${String(issue.input)}" is not a valid choice.`;
      case 'invalid_union': {
        // A discriminated union (resourcetype) reports on the discriminator, with the whole object as input.
        if (!('discriminator' in issue) || typeof issue.discriminator !== 'string') return undefined;
        const value = (issue.input as Record<string, unknown> | undefined)?.[issue.discriminator];
        return value === undefined || value === null
          ? 'This field is required.'
          : `"${String(value)}" is not a valid choice.`;
      }
      case 'unrecognized_keys':
        return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
      default:
        return undefined;
    }
  },
});
