/**
 * Spearman–Brown: the reliability of the mean of n judges whose single reliability is α (the judges
 * planner's R(n), issue 54). A module of its own: only the planner's card imports it on the web side.
 */
export const spearmanBrown = (alpha: number, n: number) => (n * alpha) / (1 + (n - 1) * alpha);
