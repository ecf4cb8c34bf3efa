/** A selection's manage page: where every link to a selection goes. */
export const issueManagePath = (teamId: number, issueId: number) => `/team/${teamId}/issue/${issueId}/manage`;
