-- The report computed from the answers (and, for text selections, the comments), as the stored tables must
-- hold it: what `npm run admin -- verify-reports` (features/reports/verify.ts) compares them with after a
-- fold. Same rules as the report (decision 24).
CREATE OR REPLACE VIEW "report_judge_values_recomputed" AS
  SELECT ans.issue_id, ans.dataset_id, ans.user_id,
    CASE WHEN max(i.resourcetype) = 'RatingIssue'
      THEN sum(ans.value * coalesce(q.weight, 1)) / nullif(sum(coalesce(q.weight, 1)), 0)
      ELSE sum(ans.value) END AS value
  FROM issue_answers ans
  JOIN issues i ON i.id = ans.issue_id AND i.resourcetype <> 'TextIssue'
  LEFT JOIN issue_questions q ON q.id = ans.question_id
  GROUP BY ans.issue_id, ans.dataset_id, ans.user_id
  UNION ALL
  SELECT c.issue_id, c.dataset_id, c.user_id, count(*)::float8
  FROM issue_comments c
  JOIN issues i ON i.id = c.issue_id AND i.resourcetype = 'TextIssue'
  GROUP BY c.issue_id, c.dataset_id, c.user_id;
--> statement-breakpoint
CREATE OR REPLACE VIEW "report_criterion_sums_recomputed" AS
  SELECT ans.issue_id, ans.dataset_id, ans.question_id, sum(ans.value::numeric) AS total,
    count(*)::int AS nb_answers
  FROM issue_answers ans
  JOIN issues i ON i.id = ans.issue_id AND i.resourcetype <> 'TextIssue'
  WHERE ans.question_id IS NOT NULL
  GROUP BY ans.issue_id, ans.dataset_id, ans.question_id;
--> statement-breakpoint
-- Each judge's statistics and number of items (values null or not).
CREATE OR REPLACE VIEW "report_judge_stats_recomputed" AS
  SELECT issue_id, user_id, count(value)::int AS nb_values, avg(value) AS mean, stddev_pop(value) AS sd,
    count(*)::int AS nb_items
  FROM report_judge_values_recomputed
  GROUP BY issue_id, user_id;
--> statement-breakpoint
-- Each item's sums, least and greatest value, and the same of its z-scores: the z of a value as the fold
-- computes it, over the judges' recomputed statistics.
CREATE OR REPLACE VIEW "report_item_stats_recomputed" AS
  SELECT v.issue_id, v.dataset_id, count(*)::int AS nb_values, count(v.value)::int AS nb_rated,
    coalesce(sum(report_exact(v.value)), 0) AS total,
    coalesce(sum(report_exact(v.value) * report_exact(v.value)), 0) AS total_squares,
    min(v.value) AS min_value, max(v.value) AS max_value,
    count(z.z)::int AS nb_z, coalesce(sum(report_exact(z.z)), 0) AS z_total,
    coalesce(sum(report_exact(z.z) * report_exact(z.z)), 0) AS z_squares, min(z.z) AS min_z, max(z.z) AS max_z
  FROM report_judge_values_recomputed v
  JOIN report_judge_stats_recomputed st ON st.issue_id = v.issue_id AND st.user_id = v.user_id
  JOIN issues i ON i.id = v.issue_id
  CROSS JOIN LATERAL (
    SELECT CASE WHEN report_judge_normalised(i.resourcetype, st.nb_values, st.sd) THEN (v.value - st.mean) / st.sd END AS z
  ) z
  GROUP BY v.issue_id, v.dataset_id;
--> statement-breakpoint
-- Each judge's number, sum and sum of squares of answers per criterion (0: a rating without criteria).
CREATE OR REPLACE VIEW "report_judge_criterion_sums_recomputed" AS
  SELECT ans.issue_id, ans.user_id, coalesce(ans.question_id, 0) AS criterion, count(*)::int AS nb_answers,
    sum(report_exact(ans.value)) AS total, sum(report_exact(ans.value) * report_exact(ans.value)) AS squares
  FROM issue_answers ans
  JOIN issues i ON i.id = ans.issue_id AND i.resourcetype <> 'TextIssue'
  GROUP BY ans.issue_id, ans.user_id, coalesce(ans.question_id, 0);
