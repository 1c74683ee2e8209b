/**
 * Each strategy reads the page on its own and casts a weighted vote; the readings that
 * agree pool their weight. Independent strategies that agree are much more likely to be
 * right than any one of them, which is what lets a page survive a redesign that breaks one.
 */
export interface Candidate {
  value: string;
  /** The strategy that produced it ('url', 'title', 'h1', …). */
  source: string;
  /** 0..1: how often this strategy alone is right. */
  weight: number;
  /** Factor applied to the verdict's score when this reading disagrees with it (default 1 − weight/4). */
  dissent?: number;
}

export interface Verdict {
  /** The first agreeing reading in the caller's order of preference (callers list the best-written first). */
  value: string;
  /** 0..1 */
  score: number;
  sources: string[];
  dissenters: string[];
}

export function vote(candidates: Candidate[], agree: (a: string, b: string) => boolean): Verdict | undefined {
  let best: { members: Candidate[]; support: number } | undefined;
  for (const candidate of candidates) {
    const members = candidates.filter((other) => other === candidate || agree(candidate.value, other.value));
    // Noisy-OR: the chance that not every agreeing strategy is wrong.
    const support = 1 - members.reduce((miss, member) => miss * (1 - member.weight), 1);
    if (!best || support > best.support + 1e-9) best = { members, support };
  }
  if (!best) return undefined;
  const { members, support } = best;
  const dissenting = candidates.filter((candidate) => !members.includes(candidate));
  const score = dissenting.reduce((acc, candidate) => acc * (candidate.dissent ?? 1 - candidate.weight / 4), support);
  return {
    value: members[0]!.value,
    score: Math.max(0, Math.min(1, score)),
    sources: unique(members.map((member) => member.source)),
    dissenters: unique(dissenting.map((candidate) => candidate.source)),
  };
}

const unique = (values: string[]) => Array.from(new Set(values));
