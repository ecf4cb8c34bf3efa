// features/assignment/ still imports the selection's rights from here; they live in access/ (issue 55).
export { assertIssueOpen, type IssueRow, requireIssueAdmin } from '../../access/team.ts';
