#!/usr/bin/env python3
"""Replays clock allocations on real games' phases: what would each plan leave on the clock.

Input: the output of `shishi summary --phases RECORDS` (per game: the share of the start
position's pieces on the board before each ply). Each game is replayed for one side at the
record's own time control, every search using USAGE x its soft limit (capped by the hard
limit), and the median clock at plies 100/200/300/400 and time used per move are printed for

  forty  -- the chess-like plan before issue 18: time / 40 + 3/4 increment
  spread -- the ninth session's: (1 - reserve) x time / moves_left + increment / 2
  horizon -- the fifteenth session's (b6bdd22): the base over a horizon shortened by the
             increments to come (INCREMENT_WEIGHT), down to a floor of twelve increments
  decay  -- the current one (src/search/time.rs `allocate`): the base above the floor of
             twelve increments falls by 1/DECAY_MOVES a move

USAGE (1.5) is checked by comparing the first two with the clocks the records hold
(`shishi summary RECORDS`): docs/search.md, "Time allocation". The formulas are copied from
time.rs by hand: this is a model for choosing a plan, not a test of the code (time.rs has those).

  zcat results/selfplay-20s-decay-vs-93149f1-clean.txt.gz > r.txt
  shishi summary --phases r.txt > phases.tsv
  tools/time-model/simulate.py phases.tsv [--tc 20+0.2]
"""
import argparse
import statistics

CHU_MOVES_LEFT = [73.0, 68.0, 75.0, 90.0, 107.0, 118.0, 131.0, 143.0, 153.0, 171.0]
USAGE = 1.5
OVERHEAD = 30.0
INCREMENT_WEIGHT = 3.0
DECAY_MOVES = 24.0
RECOVERY_MOVES = 4.0


def moves_left(share):
    x = min(max(share * 10 - 0.5, 0), 9)
    i = min(int(x), 8)
    t = x - i
    return CHU_MOVES_LEFT[i] * (1 - t) + CHU_MOVES_LEFT[i + 1] * t


def forty(time, inc, share):
    return time / 40 + inc * 0.75


def spread(time, inc, share):
    return time * (1 - 0.3 * share) / moves_left(share) + inc / 2


def horizon(time, inc, share, weight=INCREMENT_WEIGHT):
    m = moves_left(share)
    fl = max(12 * inc, 0.3 * share * time)
    h = max(m * time / (time + weight * m * inc), 1.0) if time > 0 else 1.0
    return max(inc + (time - fl) / h, inc / 4) / USAGE


def decay(time, inc, share, moves=DECAY_MOVES):
    if inc <= 0:
        return time * (1 - 0.3 * share) / moves_left(share) / USAGE
    fl = 12 * inc
    h = max(min(moves, moves_left(share)), 1.0) if time >= fl else RECOVERY_MOVES
    return max(inc + (time - fl) / h, inc / 4) / USAGE


PLANS = {"forty": forty, "spread": spread, "horizon": horizon, "decay": decay}


def replay(plan, base, inc, shares):
    """Clock before each of one side's moves and the time each move used (ms)."""
    time, clocks, used = base, [], []
    for share in shares[::2]:
        clocks.append(time)
        soft = plan(time, inc, share)
        hard = min(4 * soft, 0.75 * time, time - OVERHEAD)
        u = max(min(USAGE * soft, hard), 5.0)
        used.append(u)
        time += inc - u
    return clocks, used


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("phases")
    ap.add_argument("--tc", help="replay at this control instead of each record's own (B+I, seconds)")
    ap.add_argument("--weight", type=float, default=INCREMENT_WEIGHT,
                    help="the horizon plan's INCREMENT_WEIGHT, to compare values")
    ap.add_argument("--decay", type=float, default=DECAY_MOVES,
                    help="the decay plan's DECAY_MOVES (time.rs), to compare values")
    args = ap.parse_args()
    plans = dict(PLANS,
                 horizon=lambda time, inc, share: horizon(time, inc, share, args.weight),
                 decay=lambda time, inc, share: decay(time, inc, share, args.decay))
    games = []
    for line in open(args.phases):
        _, tc, shares = line.rstrip("\n").split("\t")
        tc = args.tc or tc
        b, _, i = tc.partition("+")
        games.append((float(b) * 1000, float(i or 0) * 1000, [float(s) for s in shares.split()]))
    plies = (100, 200, 300, 400)
    print(f"{len(games)} games; medians over the games that reach each ply")
    for name, plan in plans.items():
        left = {p: [] for p in plies}
        use = {p: [] for p in (0, 100, 200, 300)}
        for base, inc, shares in games:
            clocks, used = replay(plan, base, inc, shares)
            for p in plies:
                if len(clocks) > p // 2:
                    left[p].append(100 * clocks[p // 2] / base)
            for p in use:
                seg = used[p // 2:(p + 100) // 2]
                if seg:
                    use[p].append(sum(seg) / len(seg) / base * 1000)
        row = " ".join(f"{p}:{statistics.median(v):5.1f}" for p, v in left.items() if v)
        per = " ".join(f"{p}-{p + 100}:{statistics.median(v):5.1f}" for p, v in use.items() if v)
        print(f"{name:7s} clock % of base at ply {row} | per move, per mille of base, plies {per}")


if __name__ == "__main__":
    main()
